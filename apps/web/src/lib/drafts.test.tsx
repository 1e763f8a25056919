import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useNavigate } from 'react-router-dom';
import { shapedLike, useKeepDraft, useRestoredDraft } from './drafts';
import { notifyUnauthorized } from './unauthorized';

afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
  window.sessionStorage.clear();
});

const EDIT_SETUP = '/rem_omni/editSetup/102?tab=retailers';

/** Renders at `address`, as a form opened there. */
const at =
  (address: string) =>
  ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[address]}>{children}</MemoryRouter>
  );

interface Values {
  clientName: string;
  brands: string[];
}

const values: Values = { clientName: 'acme foods', brands: ['Acme', 'Acme Kids'] };
const asValues = shapedLike<Values>({ clientName: '', brands: [] });

function keep(form: string, draft: Values, when: boolean, address = EDIT_SETUP) {
  return renderHook((props) => useKeepDraft(form, props.draft, props.when), {
    initialProps: { draft, when },
    wrapper: at(address),
  });
}

function restore<T>(form: string, parse: (value: unknown) => T | undefined, address = EDIT_SETUP) {
  return renderHook(() => useRestoredDraft(form, parse), { wrapper: at(address) });
}

describe("keeping a form's values when the session ends", () => {
  it('keeps them in this tab under the form and its address, path and query', () => {
    keep('setup', values, true);
    notifyUnauthorized();
    expect(window.sessionStorage.getItem('draft:setup:/rem_omni/editSetup/102?tab=retailers')).toBe(
      '{"clientName":"acme foods","brands":["Acme","Acme Kids"]}',
    );
  });

  it('keeps the values as they are when the session ends, not as the form opened', () => {
    const form = keep('setup', { clientName: '', brands: [] }, true);
    form.rerender({ draft: values, when: true });
    notifyUnauthorized();
    expect(restore('setup', asValues).result.current).toEqual(values);
  });

  it('keeps nothing while the form has no changes to lose', () => {
    keep('setup', values, false);
    notifyUnauthorized();
    expect(window.sessionStorage.length).toBe(0);
  });

  it('keeps nothing once the form has no changes any more', () => {
    const form = keep('setup', values, true);
    form.rerender({ draft: values, when: false });
    notifyUnauthorized();
    expect(window.sessionStorage.length).toBe(0);
  });

  it('keeps nothing of a form that has closed', () => {
    const form = keep('setup', values, true);
    form.unmount();
    notifyUnauthorized();
    expect(window.sessionStorage.length).toBe(0);
  });

  it('keeps them under the address the form has moved to, as sign-in returns there', () => {
    const form = renderHook(
      () => {
        useKeepDraft('setup', values, true);
        return useNavigate();
      },
      { wrapper: at(EDIT_SETUP) },
    );
    act(() => {
      void form.result.current('/rem_omni/editSetup/102?tab=brands');
    });
    notifyUnauthorized();
    expect(window.sessionStorage.getItem('draft:setup:/rem_omni/editSetup/102?tab=brands')).toBe(
      JSON.stringify(values),
    );
    expect(window.sessionStorage.length).toBe(1);
  });

  it('keeps each open form apart', () => {
    keep('setup', values, true);
    keep('step', { clientName: 'birch goods', brands: [] }, true);
    notifyUnauthorized();
    expect(restore('setup', asValues).result.current).toEqual(values);
    expect(restore('step', asValues).result.current).toEqual({
      clientName: 'birch goods',
      brands: [],
    });
  });

  it('loses the draft quietly when the browser refuses to store it', () => {
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    keep('setup', values, true);
    expect(() => notifyUnauthorized()).not.toThrow();
  });
});

describe('handing a kept draft back to the form', () => {
  it('hands it back once, as the form opens at the same address again', () => {
    keep('setup', values, true);
    notifyUnauthorized();
    cleanup();
    expect(restore('setup', asValues).result.current).toEqual(values);
    expect(restore('setup', asValues).result.current).toBeUndefined();
  });

  it('keeps handing back the same draft while the form stays open', () => {
    window.sessionStorage.setItem(
      'draft:setup:/rem_omni/editSetup/102?tab=retailers',
      '{"clientName":"acme foods","brands":[]}',
    );
    const form = restore('setup', asValues);
    form.rerender();
    expect(form.result.current).toEqual({ clientName: 'acme foods', brands: [] });
  });

  it('hands nothing back at another address, and leaves the draft for its own', () => {
    keep('setup', values, true);
    notifyUnauthorized();
    cleanup();
    expect(restore('setup', asValues, '/rem_omni/editSetup/102').result.current).toBeUndefined();
    expect(
      restore('setup', asValues, '/rem_omni/editSetup/103?tab=retailers').result.current,
    ).toBeUndefined();
    expect(restore('setup', asValues).result.current).toEqual(values);
  });

  it('leaves the draft of an address the open form moves to for when the form opens there', () => {
    window.sessionStorage.setItem(
      'draft:setup:/rem_omni/editSetup/102?tab=brands',
      '{"clientName":"birch goods","brands":[]}',
    );
    const form = renderHook(
      () => ({ draft: useRestoredDraft('setup', asValues), navigate: useNavigate() }),
      { wrapper: at(EDIT_SETUP) },
    );
    act(() => {
      void form.result.current.navigate('/rem_omni/editSetup/102?tab=brands');
    });
    expect(form.result.current.draft).toBeUndefined();
    cleanup();
    expect(restore('setup', asValues, '/rem_omni/editSetup/102?tab=brands').result.current).toEqual(
      { clientName: 'birch goods', brands: [] },
    );
  });

  it('hands nothing back to another form at the same address', () => {
    keep('setup', values, true);
    notifyUnauthorized();
    cleanup();
    expect(restore('product', asValues).result.current).toBeUndefined();
  });

  it('gives parse nothing to judge when no draft was kept', () => {
    const seen: unknown[] = [];
    const form = restore('setup', (value) => {
      seen.push(value);
      return value;
    });
    expect(form.result.current).toBeUndefined();
    expect(seen).toEqual([undefined]);
  });

  it('hands nothing back when what is stored is not JSON, and forgets it', () => {
    window.sessionStorage.setItem(
      'draft:setup:/rem_omni/editSetup/102?tab=retailers',
      '{"clientName":',
    );
    expect(restore('setup', (value) => value).result.current).toBeUndefined();
    expect(window.sessionStorage.length).toBe(0);
  });

  it('hands nothing back that parse refuses', () => {
    window.sessionStorage.setItem(
      'draft:setup:/rem_omni/editSetup/102?tab=retailers',
      '{"clientName":4}',
    );
    expect(restore('setup', asValues).result.current).toBeUndefined();
  });
});

describe('telling a draft of a form of plain fields', () => {
  const parse = shapedLike({
    name: '',
    retailerIds: [] as number[],
    isNew: false,
    count: 0,
    note: null,
  });
  const draft = { name: 'acme foods', retailerIds: [4, 31], isNew: true, count: 2, note: null };

  it('takes a value with each field of the form, of the same kind, as it is', () => {
    expect(parse(draft)).toBe(draft);
    expect(parse({ ...draft, retailerIds: [] })).toEqual({ ...draft, retailerIds: [] });
  });

  it('takes a value with more fields than the form has', () => {
    const more = { ...draft, schedule: 'weekly' };
    expect(parse(more)).toBe(more);
  });

  it('refuses what is not an object', () => {
    expect(parse(undefined)).toBeUndefined();
    expect(parse(null)).toBeUndefined();
    expect(parse('acme foods')).toBeUndefined();
    expect(parse(4)).toBeUndefined();
  });

  it('refuses a value missing a field', () => {
    const { count: _count, ...missing } = draft;
    expect(parse(missing)).toBeUndefined();
  });

  it('refuses a field of another kind', () => {
    expect(parse({ ...draft, name: 42 })).toBeUndefined();
    expect(parse({ ...draft, isNew: 'true' })).toBeUndefined();
    expect(parse({ ...draft, count: '2' })).toBeUndefined();
  });

  it('tells a list from an object and null from both', () => {
    expect(parse({ ...draft, retailerIds: { 0: 4 } })).toBeUndefined();
    expect(parse({ ...draft, note: {} })).toBeUndefined();
    expect(parse({ ...draft, note: [] })).toBeUndefined();
    expect(shapedLike({ tags: {} })({ tags: [] })).toBeUndefined();
    expect(shapedLike({ tags: {} })({ tags: null })).toBeUndefined();
  });
});
