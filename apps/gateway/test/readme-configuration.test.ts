import { describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EnvSchema } from '../src/config/env.schema.js';

const README = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../README.md');

/** The rows of the table in README.md's "## Configuration" section, as their cells. */
function configurationRows(): string[][] {
  const markdown = fs.readFileSync(README, 'utf8');
  const start = markdown.indexOf('\n## Configuration\n');
  if (start === -1) throw new Error('README.md has no "## Configuration" section');
  const end = markdown.indexOf('\n## ', start + 1);
  return markdown
    .slice(start, end === -1 ? undefined : end)
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2) // the header and its separator
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
}

describe("README's configuration table", () => {
  const rows = configurationRows();
  const documented = rows.map(([variable]) => /^`([A-Z][A-Z0-9_]*)`$/.exec(variable ?? '')?.[1]);
  const read = Object.keys(EnvSchema.shape);

  it('names one variable per row, each with a default and a meaning', () => {
    expect(rows.filter((_, i) => !documented[i]).map(([first]) => first)).toEqual([]);
    expect(rows.filter((cells) => cells.length !== 3 || cells.some((c) => !c))).toEqual([]);
    expect(new Set(documented).size).toBe(documented.length);
  });

  it('documents every variable the gateway reads', () => {
    expect(read.filter((name) => !documented.includes(name))).toEqual([]);
  });

  it('documents no variable the gateway does not read', () => {
    expect(documented.filter((name) => !read.includes(name!))).toEqual([]);
  });
});
