import { describe, expect, it, jest } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { diffFields, diffList, ReviewChangesDialog } from '../src/review-changes-dialog.js';

describe('review before update', () => {
  it('lists only the fields whose shown value changes, before and after', () => {
    const before = { name: 'Crawl', delay: 5, polling: true, flags: ['a'], path: '' };
    const after = { name: 'Crawl', delay: 10, polling: false, flags: ['a'], path: 'data.id' };
    expect(
      diffFields(before, after, [
        ['name', 'Step Name'],
        ['delay', 'Polling Delay'],
        ['polling', 'Is Polling'],
        ['flags', 'Flags'],
        ['path', 'Request Id Path'],
      ]),
    ).toEqual([
      { label: 'Polling Delay', before: '5', after: '10' },
      { label: 'Is Polling', before: 'Yes', after: 'No' },
      { label: 'Request Id Path', before: '—', after: 'data.id' },
    ]);
  });

  it('tells the items added and removed from a list, or nothing when it is the same set', () => {
    expect(diffList('Amazon', ['1', '2', '3'], ['3', '1', '4'])).toEqual({
      label: 'Amazon',
      added: ['4'],
      removed: ['2'],
    });
    expect(diffList('Amazon', ['1', '2'], ['2', '1'])).toBeNull();
  });

  it('shows the changes and confirms or cancels from the dialog', async () => {
    const user = userEvent.setup();
    const onConfirm = jest.fn();
    const onCancel = jest.fn();
    render(
      <ReviewChangesDialog
        open
        title="Review changes"
        fields={[{ label: 'Brands', before: 'a, b', after: 'a, c' }]}
        lists={[{ label: 'Amazon', added: ['Snacks > Chips'], removed: [] }]}
        confirmLabel="Update Request"
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Review changes' });
    const row = within(dialog).getByRole('row', { name: /Brands/ });
    expect(row).toHaveTextContent('a, b');
    expect(row).toHaveTextContent('a, c');
    const amazon = within(dialog).getByRole('region', { name: 'Amazon' });
    expect(within(amazon).getByRole('list', { name: 'Added (1)' })).toHaveTextContent(
      'Snacks > Chips',
    );
    expect(within(amazon).queryByRole('list', { name: /Removed/ })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Update Request' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('waits while the update is sent', () => {
    render(
      <ReviewChangesDialog
        open
        busy
        title="Review changes"
        fields={[]}
        confirmLabel="Update"
        onConfirm={() => {}}
        onCancel={() => {}}
      />,
    );
    expect(screen.getByRole('button', { name: 'Update' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });
});
