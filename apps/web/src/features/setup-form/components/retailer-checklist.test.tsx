import { describe, expect, it } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import { RetailerChecklist } from './retailer-checklist';

describe('retailer checklist', () => {
  it('names each retailer group in words, never by its key (REM, MARKETSHARE)', () => {
    render(
      <RetailerChecklist
        options={[
          { retailerId: 4, retailerName: 'Amazon', projectSource: 'REM' },
          { retailerId: 9, retailerName: 'Target', projectSource: 'MARKETSHARE' },
        ]}
        selectedIds={[4]}
        onToggle={() => {}}
        loading={false}
        error={null}
      />,
    );
    const cl = screen.getByRole('group', { name: 'Category Leaderboard (CL)' });
    expect(within(cl).getByRole('checkbox', { name: 'Amazon' })).toBeChecked();
    const ml = screen.getByRole('group', { name: 'Marketshare Lite (ML)' });
    expect(within(ml).getByRole('checkbox', { name: 'Target' })).not.toBeChecked();
    expect(screen.queryByText(/^(REM|MARKETSHARE)$/)).not.toBeInTheDocument();
  });
});
