import { describe, expect, it } from '@jest/globals';
import { remOmniOps, sessionOps } from '@onboarding/contracts';
import { queryKeyOf } from './query-keys';

describe('the cache key of an operation’s answers', () => {
  it('is the operation’s id, then what tells its answers apart, in order', () => {
    expect(queryKeyOf(remOmniOps.browseNodes, 'rem_omni', 12)).toEqual([
      'rem_omni.browseNodes',
      'rem_omni',
      12,
    ]);
  });

  it('is the operation’s id alone when its answers need nothing more', () => {
    expect(queryKeyOf(sessionOps.config)).toEqual(['session.config']);
  });

  it('keeps a part that is itself a list or a body as one part', () => {
    const body = { searchText: '', limit: 20, offset: 0 };
    expect(queryKeyOf(remOmniOps.allSetup, body, [4, 7])).toEqual([
      'rem_omni.allSetup',
      body,
      [4, 7],
    ]);
  });
});
