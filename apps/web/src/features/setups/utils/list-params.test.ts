import { describe, expect, it } from '@jest/globals';
import { remOmniOps } from '@onboarding/contracts';
import { allSetupBody, readListParams } from './list-params';

describe('the setups list address', () => {
  it('sends a search pasted with a tab or a bidi mark as words the call takes', () => {
    const params = readListParams(new URLSearchParams({ search: 'acme\tfoods\u202e', page: '2' }));
    expect(params).toEqual({ page: 2, search: 'acme foods' });
    expect(remOmniOps.allSetup.body!.safeParse(allSetupBody(params)).success).toBe(true);
  });
});
