import { describe, expect, it } from '@jest/globals';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { CheckableTree } from '../src/tree-picker/checkable-tree.js';
import { countTreeNodes, type TreeBranch } from '../src/tree-picker/flatten.js';

function makeTree(branches: number, childrenPerBranch: number): TreeBranch[] {
  return Array.from({ length: branches }, (_, b) => ({
    key: `b${b}`,
    label: `Branch ${b}`,
    children: Array.from({ length: childrenPerBranch }, (_, c) => ({
      key: `b${b}c${c}`,
      label: `Branch ${b} > Leaf ${c}`,
    })),
  }));
}

function Harness({ items, initial = [] }: { items: TreeBranch[]; initial?: string[] }) {
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set(initial));
  return (
    <>
      <CheckableTree
        label="Results"
        items={items}
        checkedKeys={checked}
        onCheckedChange={(key, on) =>
          setChecked((prev) => {
            const next = new Set(prev);
            if (on) next.add(key);
            else next.delete(key);
            return next;
          })
        }
      />
      <output data-testid="checked">{[...checked].join(',')}</output>
    </>
  );
}

describe('CheckableTree', () => {
  it('keeps only the lines in view in the DOM, however many nodes the tree holds', () => {
    const items = makeTree(500, 19);
    expect(countTreeNodes(items)).toBe(10_000);
    render(<Harness items={items} />);
    const tree = screen.getByRole('tree', { name: 'Results' });
    const lines = within(tree).getAllByRole('treeitem');
    expect(lines.length).toBeGreaterThan(5);
    expect(lines.length).toBeLessThan(40);
    expect(tree.querySelectorAll('*').length).toBeLessThan(500);
    expect(lines[0]).toHaveAttribute('aria-level', '1');
    expect(lines[0]).toHaveAttribute('aria-setsize', '500');
    expect(lines[1]).toHaveAttribute('aria-level', '2');
  });

  it('shows later lines once the operator scrolls down', () => {
    render(<Harness items={makeTree(500, 19)} />);
    const tree = screen.getByRole('tree', { name: 'Results' });
    expect(within(tree).queryByText('Branch 100')).not.toBeInTheDocument();
    tree.scrollTop = 100 * 20 * 32;
    fireEvent.scroll(tree);
    expect(within(tree).getByText('Branch 100')).toBeInTheDocument();
  });

  it('checks and unchecks a branch and a leaf independently', async () => {
    const user = userEvent.setup();
    render(<Harness items={makeTree(3, 2)} />);
    await user.click(screen.getByRole('checkbox', { name: 'Branch 0 > Leaf 1' }));
    expect(screen.getByTestId('checked')).toHaveTextContent('b0c1');
    expect(screen.getByRole('checkbox', { name: 'Branch 0' })).not.toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Branch 0' }));
    expect(screen.getByTestId('checked')).toHaveTextContent('b0c1,b0');
    await user.click(screen.getByRole('checkbox', { name: 'Branch 0 > Leaf 1' }));
    expect(screen.getByTestId('checked')).toHaveTextContent(/^b0$/);
  });

  it('collapses and expands a branch', async () => {
    const user = userEvent.setup();
    render(<Harness items={makeTree(2, 2)} />);
    await user.click(screen.getByRole('button', { name: 'Collapse Branch 0' }));
    expect(screen.queryByText('Branch 0 > Leaf 0')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Expand Branch 0' }));
    expect(screen.getByText('Branch 0 > Leaf 0')).toBeInTheDocument();
  });

  it('is usable from the keyboard: arrows move, Space checks, Left collapses', async () => {
    const user = userEvent.setup();
    render(<Harness items={makeTree(2, 2)} initial={['b0']} />);
    const tree = screen.getByRole('tree', { name: 'Results' });
    tree.focus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const active = document.getElementById(tree.getAttribute('aria-activedescendant')!);
    expect(active).toHaveTextContent('Branch 0 > Leaf 0');
    await user.keyboard(' ');
    expect(screen.getByTestId('checked')).toHaveTextContent('b0,b0c0');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.queryByText('Branch 0 > Leaf 0')).not.toBeInTheDocument();
    await user.keyboard(' ');
    expect(screen.getByTestId('checked')).toHaveTextContent(/^b0c0$/);
  });

  it('shows the empty text when there is nothing to show', () => {
    render(
      <CheckableTree
        label="Results"
        items={[]}
        checkedKeys={new Set()}
        onCheckedChange={() => undefined}
        emptyText="Search to see nodes"
      />,
    );
    expect(screen.getByText('Search to see nodes')).toBeInTheDocument();
  });
});
