import { describe, expect, it } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { DataTable, type DataTableColumn } from '../src/data-table.js';
import { holdAnimationFrames } from './animation-frames.js';

interface Row {
  id: string;
  name: string;
}
const columns: DataTableColumn<Row>[] = [
  { id: 'no', header: 'Sr No.', render: (_r, i) => i + 1 },
  { id: 'name', header: 'Name', render: (r) => r.name },
];
const rows: Row[] = [
  { id: '1', name: 'Acme' },
  { id: '2', name: 'Globex' },
];

const renderExpandable = () =>
  render(
    <DataTable
      label="Clients"
      columns={columns}
      rows={rows}
      getRowId={(r) => r.id}
      getRowLabel={(r) => r.name}
      renderExpanded={(r) => <p>Details of {r.name}</p>}
    />,
  );

describe('DataTable', () => {
  it('shows a row per item under the column headers', () => {
    render(<DataTable label="Clients" columns={columns} rows={rows} getRowId={(r) => r.id} />);
    const table = screen.getByRole('table', { name: 'Clients' });
    expect(within(table).getByRole('columnheader', { name: 'Sr No.' })).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByText('Globex')).toBeInTheDocument();
  });

  it('expands a row to show its details and collapses it again', async () => {
    const user = userEvent.setup();
    renderExpandable();
    const expander = screen.getByRole('button', { name: 'Show details of Acme' });
    expect(expander).toHaveAttribute('aria-expanded', 'false');
    await user.click(expander);
    expect(await screen.findByText('Details of Acme')).toBeInTheDocument();
    expect(screen.queryByText('Details of Globex')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hide details of Acme' }));
    expect(screen.queryByText('Details of Acme')).not.toBeInTheDocument();
  });

  it("turns a row's arrow in the press's frame and renders its details in the next", async () => {
    // The frames are run by hand: the press must paint before the details mount.
    const frames = holdAnimationFrames();
    try {
      const user = userEvent.setup();
      renderExpandable();
      await user.click(screen.getByRole('button', { name: 'Show details of Acme' }));
      const hide = screen.getByRole('button', { name: 'Hide details of Acme' });
      expect(hide).toHaveAttribute('aria-expanded', 'true');
      expect(screen.queryByText('Details of Acme')).not.toBeInTheDocument();
      frames.run();
      expect(await screen.findByText('Details of Acme')).toBeInTheDocument();
      // Closing hides them at once; a second opening shows them again a frame later.
      await user.click(hide);
      expect(screen.queryByText('Details of Acme')).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Show details of Acme' }));
      expect(screen.queryByText('Details of Acme')).not.toBeInTheDocument();
      frames.run();
      expect(await screen.findByText('Details of Acme')).toBeInTheDocument();
    } finally {
      frames.restore();
    }
  });

  it('shows a spinner while loading and the empty text when there are no rows', () => {
    const { rerender } = render(
      <DataTable
        label="Clients"
        columns={columns}
        rows={[]}
        getRowId={(r) => r.id}
        loading
        loadingLabel="Loading clients"
      />,
    );
    expect(screen.getByRole('progressbar', { name: 'Loading clients' })).toBeInTheDocument();
    rerender(
      <DataTable
        label="Clients"
        columns={columns}
        rows={[]}
        getRowId={(r) => r.id}
        emptyText="Nothing here"
      />,
    );
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByText('Nothing here')).toBeInTheDocument();
  });

  it('pins the last column to the right edge of its box when asked, and only then', () => {
    const withActions: DataTableColumn<Row>[] = [
      ...columns,
      { id: 'actions', header: 'Actions', render: (r) => <button>Edit {r.name}</button> },
    ];
    const { rerender } = render(
      <DataTable label="Clients" columns={withActions} rows={rows} getRowId={(r) => r.id} />,
    );
    const actionsCell = () => screen.getByRole('button', { name: 'Edit Acme' }).closest('td')!;
    expect(actionsCell()).not.toHaveStyle({ position: 'sticky' });

    rerender(
      <DataTable
        label="Clients"
        columns={withActions}
        rows={rows}
        getRowId={(r) => r.id}
        stickyLastColumn
      />,
    );
    expect(actionsCell()).toHaveStyle({ position: 'sticky', right: '0px' });
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toHaveStyle({
      position: 'sticky',
    });
    expect(screen.getByRole('columnheader', { name: 'Name' })).not.toHaveStyle({
      position: 'sticky',
    });
  });
});
