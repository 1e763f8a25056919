import { describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import path from 'node:path';
import { MESSAGES } from '../src/core/messages.js';

/**
 * docs/requirements.md#messages-and-the-error-catalogue quotes every shared text, letter for
 * letter, in a table of key and text: MESSAGES holds exactly those, no more and no fewer.
 */
function documentedMessages(): Map<string, string> {
  const file = path.join(import.meta.dirname, '../../../docs/requirements.md');
  const section = fs.readFileSync(file, 'utf8').split('## Messages and the error catalogue')[1]!;
  const table = section.slice(0, section.indexOf('<a id="error-catalogue">'));
  const rows = [...table.matchAll(/^\| `([^`]+)` +\| `([^`]+)` +\|/gm)];
  return new Map(rows.map(([, key, text]) => [key!, text!]));
}

describe('the operator-facing texts', () => {
  const documented = documentedMessages();

  it('are each the text the requirements quote, letter for letter', () => {
    const ours = Object.entries(MESSAGES).map(([key, text]): [string, string] =>
      typeof text === 'string' ? [key, text] : [`${key}(50)`, text(50)],
    );
    expect(new Map(ours)).toEqual(documented);
  });

  it('count the browse nodes the limit names', () => {
    expect(MESSAGES.maxBrowseNodes(7)).toBe('Maximum 7 browse nodes are allowed');
  });
});
