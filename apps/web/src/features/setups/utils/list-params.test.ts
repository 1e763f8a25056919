import { describe, expect, it } from '@jest/globals';
import { remOmniOps } from '@onboarding/contracts';
import { allSetupBody, readListParams } from './list-params';

describe('the setups list address', () => {
  it('sends a search pasted with a tab or a bidi mark as words the call takes', () => {
    const params = readListParams(new URLSearchParams({ search: 'acme\tfoods\u202e', page: '2' }));
    expect(params).toEqual({ page: 2, search: 'acme foods' });
    expect(remOmniOps.allSetup.body!.safeParse(allSetupBody(params)).success).toBe(true);
  });
  it('opens the first page, with no search, for an address without them', () => {
    expect(readListParams(new URLSearchParams())).toEqual({ page: 1, search: '' });
  });

  it('opens the first page for a page number that is not a whole number from 1 up', () => {
    for (const page of ['0', '-3', '2.5', 'two', '']) {
      expect(readListParams(new URLSearchParams({ page })).page).toBe(1);
    }
    expect(readListParams(new URLSearchParams({ page: '1' })).page).toBe(1);
    expect(readListParams(new URLSearchParams({ page: '12' })).page).toBe(12);
  });

  it('keeps the first 100 characters of a long search', () => {
    const search = 'a'.repeat(99) + 'bc';
    expect(readListParams(new URLSearchParams({ search })).search).toBe('a'.repeat(99) + 'b');
  });

  it('asks allSetup for the page shown, 20 setups a page', () => {
    expect(allSetupBody({ page: 1, search: 'acme' })).toEqual({
      searchText: 'acme',
      limit: 20,
      offset: 0,
    });
    expect(allSetupBody({ page: 3, search: '' })).toEqual({
      searchText: '',
      limit: 20,
      offset: 40,
    });
  });
});
