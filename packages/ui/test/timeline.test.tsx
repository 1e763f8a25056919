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
});
