import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { DebouncedSearchField } from '../src/debounced-search-field.js';

describe('DebouncedSearchField', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('reports the text only after typing pauses for 500 ms', () => {
    const onSearch = jest.fn();
    render(<DebouncedSearchField value="" onSearch={onSearch} placeholder="Search client name" />);
    const box = screen.getByRole('searchbox', { name: 'Search client name' });
    fireEvent.change(box, { target: { value: 'ac' } });
    act(() => jest.advanceTimersByTime(300));
    fireEvent.change(box, { target: { value: 'acme' } });
    act(() => jest.advanceTimersByTime(499));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('acme');
  });

  it('takes a new value from outside without reporting it back', () => {
    const onSearch = jest.fn();
    const { rerender } = render(
      <DebouncedSearchField value="acme" onSearch={onSearch} placeholder="Search client name" />,
    );
    rerender(
      <DebouncedSearchField value="globex" onSearch={onSearch} placeholder="Search client name" />,
    );
    expect(screen.getByRole('searchbox')).toHaveValue('globex');
    act(() => jest.advanceTimersByTime(1000));
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('takes focus on / typed outside a field, and leaves / typed in a field alone', () => {
    render(
      <>
        <input aria-label="Other field" />
        <button>Elsewhere</button>
        <DebouncedSearchField value="" onSearch={() => {}} placeholder="Search client name" />
      </>,
    );
    const box = screen.getByRole('searchbox', { name: 'Search client name' });
    expect(box).toHaveAttribute('aria-keyshortcuts', '/');
    const other = screen.getByRole('textbox', { name: 'Other field' });
    other.focus();
    fireEvent.keyDown(other, { key: '/' });
    expect(other).toHaveFocus();
    const button = screen.getByRole('button', { name: 'Elsewhere' });
    button.focus();
    fireEvent.keyDown(button, { key: '/' });
    expect(box).toHaveFocus();
  });

  it('keeps what is typed while the reported search is still being applied', () => {
    const onSearch = jest.fn();
    const { rerender } = render(
      <DebouncedSearchField value="" onSearch={onSearch} placeholder="Search client name" />,
    );
    const box = screen.getByRole('searchbox');
    fireEvent.change(box, { target: { value: 'co' } });
    act(() => jest.advanceTimersByTime(500));
    expect(onSearch).toHaveBeenLastCalledWith('co');
    // The operator goes on typing before the list has applied "co".
    fireEvent.change(box, { target: { value: 'cobal' } });
    rerender(
      <DebouncedSearchField value="co" onSearch={onSearch} placeholder="Search client name" />,
    );
    expect(box).toHaveValue('cobal');
    act(() => jest.advanceTimersByTime(500));
    expect(onSearch).toHaveBeenLastCalledWith('cobal');
    // A value from outside afterwards still replaces the text.
    rerender(
      <DebouncedSearchField value="" onSearch={onSearch} placeholder="Search client name" />,
    );
    expect(box).toHaveValue('');
  });
});
