import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { cleanup, fireEvent, renderHook } from '@testing-library/react';
import { type RowKeysOptions, useRowKeys } from './use-row-keys';

afterEach(() => {
  cleanup();
  document.body.replaceChildren();
  document.head.replaceChildren();
});

/** A table of rows named `names`, each with a button inside, in the page. */
function table(names: string[]): HTMLTableRowElement[] {
  const body = document.createElement('tbody');
  for (const name of names) {
    const row = document.createElement('tr');
    row.dataset['name'] = name;
    const cell = document.createElement('td');
    const button = document.createElement('button');
    button.textContent = `Open ${name}`;
    cell.append(button);
    row.append(cell);
    body.append(row);
  }
  const el = document.createElement('table');
  el.append(body);
  document.body.append(el);
  return [...body.rows];
}

const shownRows = () => [...document.querySelectorAll<HTMLElement>('tbody > tr')];

type Options = Partial<RowKeysOptions>;

/** The row keys over the page's rows, with spies for what a screen passes in. */
function rowKeys(options: Options = {}) {
  const toggle = jest.fn<RowKeysOptions['toggle']>();
  const initialProps: RowKeysOptions = {
    rows: shownRows,
    describe: (_index, row) => row.dataset['name'] ?? '',
    toggle,
    selectedCount: 0,
    ...options,
  };
  const hook = renderHook((props: RowKeysOptions) => useRowKeys(props), { initialProps });
  let props = initialProps;
  return {
    toggle,
    update(changes: Options) {
      props = { ...props, ...changes };
      hook.rerender(props);
    },
    unmount: hook.unmount,
  };
}

/** Presses `key` on the focused element; true when the browser's default still applies. */
const press = (key: string) => fireEvent.keyDown(document.activeElement ?? document.body, { key });

const region = () => document.getElementById('keyboard-announcer');
/** What the live region says last, without the mark that tells a repeat apart. */
const said = () => region()?.textContent.replace(/\u00a0$/, '');

const focusStyles = () => document.querySelectorAll('style#row-focus-style');

const rowFocus = (row: HTMLElement) => ({
  focused: document.activeElement === row,
  tabStop: row.getAttribute('tabindex'),
  marked: row.getAttribute('data-row-focus'),
});

describe("the rows' j and k keys", () => {
  it('moves to the first row on the first j and says which row it is', () => {
    const rows = table(['Walmart', 'Target', 'Amazon']);
    rowKeys();
    expect(press('j')).toBe(false);
    expect(rowFocus(rows[0]!)).toEqual({ focused: true, tabStop: '0', marked: '' });
    expect(said()).toBe('Row 1 of 3, Walmart');
  });

  it('moves to the first row on a first k too', () => {
    const rows = table(['Walmart', 'Target', 'Amazon']);
    rowKeys();
    press('k');
    expect(document.activeElement).toBe(rows[0]);
    expect(said()).toBe('Row 1 of 3, Walmart');
  });

  it('moves down with j and up with k, leaving one tab stop among the rows', () => {
    const rows = table(['Walmart', 'Target', 'Amazon']);
    rowKeys();
    press('j');
    press('j');
    expect(said()).toBe('Row 2 of 3, Target');
    expect(rowFocus(rows[1]!)).toEqual({ focused: true, tabStop: '0', marked: '' });
    expect(rowFocus(rows[0]!)).toEqual({ focused: false, tabStop: null, marked: null });
    press('j');
    expect(said()).toBe('Row 3 of 3, Amazon');
    press('k');
    expect(said()).toBe('Row 2 of 3, Target');
    expect(rowFocus(rows[1]!)).toEqual({ focused: true, tabStop: '0', marked: '' });
    expect(rowFocus(rows[2]!)).toEqual({ focused: false, tabStop: null, marked: null });
  });

  it('stays on the last row at the bottom and on the first at the top', () => {
    const rows = table(['Walmart', 'Target']);
    rowKeys();
    press('j');
    press('j');
    press('j');
    expect(rowFocus(rows[1]!)).toEqual({ focused: true, tabStop: '0', marked: '' });
    expect(said()).toBe('Row 2 of 2, Target');
    press('k');
    press('k');
    expect(rowFocus(rows[0]!)).toEqual({ focused: true, tabStop: '0', marked: '' });
    expect(rowFocus(rows[1]!)).toEqual({ focused: false, tabStop: null, marked: null });
    expect(said()).toBe('Row 1 of 2, Walmart');
  });

  it('moves on from the row holding focus, as after a click on its button', () => {
    const rows = table(['Walmart', 'Target', 'Amazon', 'Kroger']);
    rowKeys();
    rows[1]!.querySelector('button')!.focus();
    press('j');
    expect(said()).toBe('Row 3 of 4, Amazon');
    rows[3]!.querySelector('button')!.focus();
    press('k');
    expect(said()).toBe('Row 3 of 4, Amazon');
  });

  it('moves on from the first row when focus went back to it', () => {
    const rows = table(['Walmart', 'Target', 'Amazon', 'Kroger']);
    rowKeys();
    press('j');
    press('j');
    press('j');
    rows[0]!.querySelector('button')!.focus();
    press('j');
    expect(said()).toBe('Row 2 of 4, Target');
  });

  it('moves on from the row moved to last once focus has left the rows', () => {
    const rows = table(['Walmart', 'Target', 'Amazon']);
    rowKeys();
    press('j');
    press('j');
    rows[1]!.blur();
    expect(document.activeElement).toBe(document.body);
    press('j');
    expect(said()).toBe('Row 3 of 3, Amazon');
  });

  it('starts again from the first row once the row moved to last is no longer shown', () => {
    const rows = table(['Walmart', 'Target', 'Amazon']);
    rowKeys();
    press('j');
    press('j');
    rows[1]!.remove();
    press('j');
    expect(said()).toBe('Row 1 of 2, Walmart');
  });

  it('scrolls the row moved to into view, no further than needed', () => {
    const rows = table(['Walmart', 'Target']);
    const scroll = jest.fn();
    rows[0]!.scrollIntoView = scroll;
    rowKeys();
    press('j');
    expect(scroll).toHaveBeenCalledWith({ block: 'nearest' });
  });

  it('says so when no rows are shown', () => {
    table([]);
    rowKeys();
    expect(press('j')).toBe(false);
    expect(said()).toBe('No rows shown.');
  });

  it("describes the row with the screen's latest description", () => {
    table(['Walmart', 'Target']);
    const keys = rowKeys();
    keys.update({ describe: (index) => `row number ${index}` });
    press('j');
    expect(said()).toBe('Row 1 of 2, row number 0');
  });
});

describe("the rows' x key", () => {
  it('selects the focused row and, once the screen has taken it in, says the count', () => {
    const rows = table(['Walmart', 'Target', 'Amazon']);
    const keys = rowKeys();
    press('j');
    expect(press('x')).toBe(false);
    expect(keys.toggle).toHaveBeenCalledTimes(1);
    expect(keys.toggle.mock.calls[0]![0]).toBe(0);
    expect(keys.toggle.mock.calls[0]![1]).toBe(rows[0]);
    keys.update({ selectedCount: 1 });
    expect(said()).toBe('1 selected');
    press('j');
    press('x');
    expect(keys.toggle).toHaveBeenCalledTimes(2);
    expect(keys.toggle.mock.calls[1]![0]).toBe(1);
    expect(keys.toggle.mock.calls[1]![1]).toBe(rows[1]);
    keys.update({ selectedCount: 2 });
    expect(said()).toBe('2 selected');
  });

  it("says nothing of a count the operator's x did not change", () => {
    table(['Walmart', 'Target']);
    const keys = rowKeys();
    keys.update({ selectedCount: 3 });
    expect(said()).toBe('');
    press('j');
    press('x');
    keys.update({ selectedCount: 4 });
    expect(said()).toBe('4 selected');
    press('j');
    keys.update({ selectedCount: 0 });
    expect(said()).toBe('Row 2 of 2, Target');
  });

  it('says how to focus a row when none is', () => {
    table(['Walmart', 'Target']);
    const keys = rowKeys();
    press('x');
    expect(said()).toBe('No row focused: press j to move to the first row.');
    expect(keys.toggle).not.toHaveBeenCalled();
  });
});

describe("the rows' r and f keys", () => {
  it("open the selection's previews", () => {
    table(['Walmart']);
    const onReTrigger = jest.fn();
    const onRefresh = jest.fn();
    rowKeys({ selectedCount: 2, onReTrigger, onRefresh });
    expect(press('r')).toBe(false);
    expect(onReTrigger).toHaveBeenCalledTimes(1);
    expect(press('f')).toBe(false);
    expect(onRefresh).toHaveBeenCalledTimes(1);
  });

  it('say how to select a row instead while nothing is selected', () => {
    table(['Walmart']);
    const onReTrigger = jest.fn();
    const onRefresh = jest.fn();
    rowKeys({ selectedCount: 0, onReTrigger, onRefresh });
    press('r');
    expect(said()).toBe('Nothing selected: press x to select the focused row.');
    region()!.textContent = '';
    press('f');
    expect(said()).toBe('Nothing selected: press x to select the focused row.');
    expect(onReTrigger).not.toHaveBeenCalled();
    expect(onRefresh).not.toHaveBeenCalled();
  });

  it('open the previews once the latest count holds a row', () => {
    table(['Walmart']);
    const onReTrigger = jest.fn();
    const keys = rowKeys({ selectedCount: 0, onReTrigger });
    keys.update({ selectedCount: 1 });
    press('r');
    expect(onReTrigger).toHaveBeenCalledTimes(1);
  });

  it('are left to the browser on a screen without those previews', () => {
    table(['Walmart']);
    rowKeys({ selectedCount: 0 });
    expect(press('r')).toBe(true);
    expect(press('f')).toBe(true);
    expect(said()).toBe('');
  });
});

describe('the row keys', () => {
  it("make the live region and the focused row's outline ahead of the first key", () => {
    table(['Walmart']);
    rowKeys();
    expect(region()).toHaveTextContent('');
    expect(focusStyles()).toHaveLength(1);
    expect(focusStyles()[0]!.textContent).toBe(
      '[data-row-focus]:focus-visible{outline:2px solid;outline-offset:-2px}',
    );
  });

  it('add the outline to the page once, however many tables use the keys', () => {
    table(['Walmart']);
    rowKeys();
    rowKeys();
    expect(focusStyles()).toHaveLength(1);
  });

  it('do nothing while switched off, and act once switched on', () => {
    const rows = table(['Walmart']);
    const keys = rowKeys({ enabled: false });
    expect(region()).toBeNull();
    expect(focusStyles()).toHaveLength(0);
    expect(press('j')).toBe(true);
    expect(document.activeElement).not.toBe(rows[0]);
    keys.update({ enabled: true });
    expect(region()).not.toBeNull();
    expect(focusStyles()).toHaveLength(1);
    press('j');
    expect(document.activeElement).toBe(rows[0]);
  });
});
