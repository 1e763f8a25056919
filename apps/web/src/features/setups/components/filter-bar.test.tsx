import { describe, expect, it } from '@jest/globals';
import type { FleetFilter } from '@onboarding/contracts';
import { act, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { FilterBar } from './filter-bar';

/**
 * The filter bar under a page whose address follows its choices late, one at a time, as the
 * list's navigations (transitions) can commit on a busy machine.
 */
function renderWithLateAddress() {
  const sent: FleetFilter[] = [];
  const address = { next: () => undefined as void };
  function Page() {
    const [filter, setFilter] = useState<FleetFilter>({});
    const [delivered, setDelivered] = useState(0);
    address.next = () => {
      setFilter(sent[delivered]!);
      setDelivered(delivered + 1);
    };
    return <FilterBar filter={filter} retailerNames={undefined} onChange={(f) => sent.push(f)} />;
  }
  render(<Page />);
  const user = userEvent.setup();
  const bar = screen.getByRole('group', { name: 'Filters' });
  const choose = (label: string, option: string) =>
    user.selectOptions(within(bar).getByLabelText(label), option);
  return { sent, choose, bar, address };
}

describe('the fleet filter bar', () => {
  it('keeps a choice made before the address of an earlier one arrives', async () => {
    const { sent, choose, bar, address } = renderWithLateAddress();
    await choose('Status', 'Failed');
    await choose('Step', 'Analytics');
    // The first choice's address arrives only now, without the step chosen since.
    act(() => address.next());
    expect(within(bar).getByLabelText('Step')).toHaveValue('analytics');
    await choose('Client', 'Prospects');
    expect(sent.at(-1)).toEqual({ status: ['FAILED'], step: ['analytics'], prospect: true });
    // The later addresses come in their turn; the bar keeps showing all three.
    act(() => address.next());
    act(() => address.next());
    expect(['Status', 'Step', 'Client'].map((label) => within(bar).getByLabelText(label))).toEqual([
      expect.objectContaining({ value: 'FAILED' }),
      expect.objectContaining({ value: 'analytics' }),
      expect.objectContaining({ value: '1' }),
    ]);
  });
});
