import { describe, expect, it } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import { Timeline } from '../src/timeline.js';

describe('Timeline', () => {
  it('lists each entry with its status text in a focusable scrolling pane', () => {
    render(
      <Timeline
        label="Workflow Status"
        height={300}
        entries={[
          {
            id: '1',
            title: 'Crawling',
            statusLabel: 'completed',
            tone: 'green',
            icon: <span>ok</span>,
            details: [{ label: 'Retailer', value: '4' }],
          },
          {
            id: '2',
            title: 'Analytics',
            statusLabel: 'in progress',
            tone: 'yellow',
            icon: <span>run</span>,
            details: [],
          },
        ]}
      />,
    );
    const pane = screen.getByRole('region', { name: 'Workflow Status' });
    expect(pane).toHaveAttribute('tabindex', '0');
    expect(pane).toHaveStyle({ height: '300px', overflowY: 'auto' });
    const items = within(pane).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Crawling');
    expect(items[0]).toHaveTextContent('completed');
    expect(items[1]).toHaveTextContent('in progress');
  });

  it("shows each group under its own heading in the one pane, with an entry's note", () => {
    const entry = (id: string, title: string, note?: string) => ({
      id,
      title,
      ...(note ? { note } : {}),
      statusLabel: 'failed',
      tone: 'red' as const,
      icon: <span>x</span>,
      details: [],
    });
    render(
      <Timeline
        label="Workflow Status"
        groups={[
          {
            id: 'a',
            title: 'Amazon',
            entries: [entry('1', 'STI', 'Current step'), entry('2', 'Crawling')],
          },
          { id: 'w', title: 'Walmart', entries: [entry('3', 'Crawling')] },
        ]}
      />,
    );
    const pane = screen.getByRole('region', { name: 'Workflow Status' });
    const amazon = within(pane).getByRole('region', { name: 'Amazon' });
    expect(within(amazon).getByRole('heading', { level: 3 })).toHaveTextContent('Amazon');
    expect(within(amazon).getAllByRole('listitem')).toHaveLength(2);
    expect(within(amazon).getAllByRole('heading', { level: 4 })[0]).toHaveTextContent(
      'STI(Current step)',
    );
    expect(
      within(within(pane).getByRole('region', { name: 'Walmart' })).getAllByRole('listitem'),
    ).toHaveLength(1);
  });

  it('says it is empty when every group is', () => {
    render(
      <Timeline
        label="History"
        emptyText="Nothing yet"
        groups={[{ id: 'a', title: 'Amazon', entries: [] }]}
      />,
    );
    expect(screen.getByText('Nothing yet')).toBeInTheDocument();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });
});
