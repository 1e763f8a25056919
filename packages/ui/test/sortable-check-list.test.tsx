import { describe, expect, it } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import {
  SortableCheckList,
  type SortableCheckListItem,
} from '../src/tree-picker/sortable-check-list.js';

const ITEMS: SortableCheckListItem[] = [
  { key: 'a', label: 'Snacks' },
  { key: 'b', label: 'Snacks > Chips', tag: 'sub category' },
  { key: 'c', label: 'Drinks' },
];

function Harness() {
  const [items, setItems] = useState(ITEMS);
  const [marked, setMarked] = useState<ReadonlySet<string>>(new Set());
  return (
    <>
      <SortableCheckList
        label="Chosen"
        items={items}
        onReorder={(keys) => setItems(keys.map((k) => ITEMS.find((i) => i.key === k)!))}
        markedKeys={marked}
        onMarkedChange={(key, on) =>
          setMarked((prev) => {
            const next = new Set(prev);
            if (on) next.add(key);
            else next.delete(key);
            return next;
          })
        }
      />
      <output data-testid="marked">{[...marked].join(',')}</output>
    </>
  );
}

const order = () =>
  within(screen.getByRole('list', { name: 'Chosen' }))
    .getAllByRole('listitem')
    .map((li) => li.getAttribute('data-key'));

describe('SortableCheckList', () => {
  it('lists the items in order with their tags', async () => {
    render(<Harness />);
    await screen.findByRole('list', { name: 'Chosen' });
    expect(order()).toEqual(['a', 'b', 'c']);
    expect(screen.getByText('sub category')).toBeInTheDocument();
  });

  it('moves an item with Alt+Arrow keys on its handle and keeps the focus on it', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const handle = await screen.findByRole('button', { name: 'Reorder Snacks' });
    handle.focus();
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(order()).toEqual(['b', 'a', 'c']);
    expect(screen.getByRole('button', { name: 'Reorder Snacks' })).toHaveFocus();
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(order()).toEqual(['b', 'c', 'a']);
    expect(screen.getByText('Snacks moved to position 3 of 3.')).toBeInTheDocument();
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(order()).toEqual(['b', 'c', 'a']);
  });

  it('ticks items for a bulk action', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(await screen.findByRole('checkbox', { name: 'Drinks' }));
    await user.click(screen.getByRole('checkbox', { name: /Snacks > Chips/ }));
    expect(screen.getByTestId('marked')).toHaveTextContent('c,b');
  });

  it('shows the empty text when nothing is listed', () => {
    render(
      <SortableCheckList
        label="Chosen"
        items={[]}
        onReorder={() => undefined}
        markedKeys={new Set()}
        onMarkedChange={() => undefined}
        emptyText="No nodes yet"
      />,
    );
    expect(screen.getByText('No nodes yet')).toBeInTheDocument();
  });
});
