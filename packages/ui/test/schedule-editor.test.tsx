import { describe, expect, it } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import {
  ScheduleEditor,
  type ScheduleEditorProps,
  type ScheduleValue,
} from '../src/schedule-editor/schedule-editor.js';

const START: ScheduleValue = {
  enabled: false,
  freq: 'WEEKLY',
  interval: 1,
  byweekday: ['WE'],
  startDate: '2026-11-20',
  startTime: '05:30',
  end: 'NEVER',
  endDate: null,
};

function Harness(props: Partial<ScheduleEditorProps>) {
  const [value, setValue] = useState<ScheduleValue>(START);
  return (
    <>
      <ScheduleEditor value={value} onChange={setValue} hint="One-time delivery only." {...props} />
      <output data-testid="value">{JSON.stringify(value)}</output>
      <output data-testid="interval">{String(value.interval)}</output>
    </>
  );
}

const value = () => JSON.parse(screen.getByTestId('value').textContent ?? '') as ScheduleValue;

describe('ScheduleEditor', () => {
  it('offers only the enabling checkbox and its hint until the schedule is enabled', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.getByText('One-time delivery only.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Start Date')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Enable Schedule' }));
    expect(value().enabled).toBe(true);
    expect(screen.getByLabelText('Start Date')).toHaveValue('2026-11-20');
    expect(screen.getByLabelText('Start Time (UTC)')).toHaveValue('05:30');
    expect(screen.getByRole('button', { name: 'WE' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('radio', { name: 'NEVER' })).toBeChecked();
  });

  it('edits weekdays in week order, the interval and the end date', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('checkbox', { name: 'Enable Schedule' }));
    await user.click(screen.getByRole('button', { name: 'SU' }));
    await user.click(screen.getByRole('button', { name: 'MO' }));
    expect(value().byweekday).toEqual(['MO', 'WE', 'SU']);
    await user.clear(screen.getByLabelText('Interval (weeks)'));
    expect(screen.getByTestId('interval')).toHaveTextContent('NaN');
    await user.type(screen.getByLabelText('Interval (weeks)'), '2');
    expect(value().interval).toBe(2);
    expect(screen.queryByLabelText('End Date')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'ON DATE' }));
    expect(value().end).toBe('ON_DATE');
    await user.type(screen.getByLabelText('End Date'), '2026-12-31');
    expect(value().endDate).toBe('2026-12-31');
    await user.click(screen.getByRole('radio', { name: 'NEVER' }));
    expect(value()).toMatchObject({ end: 'NEVER', endDate: null });
  });

  it('shows each message under its field', async () => {
    const user = userEvent.setup();
    render(<Harness errors={{ interval: 'Invalid Input.', startDate: 'Invalid Date.' }} />);
    await user.click(screen.getByRole('checkbox', { name: 'Enable Schedule' }));
    expect(screen.getByLabelText('Interval (weeks)')).toHaveAccessibleDescription('Invalid Input.');
    expect(screen.getByLabelText('Start Date')).toHaveAccessibleDescription('Invalid Date.');
  });

  it('shows the summary, the next runs and a warning when a run moves to another weekday', async () => {
    const user = userEvent.setup();
    render(
      <Harness
        summary="Every week on Wednesday at 05:30 UTC"
        localZone="America/Los_Angeles"
        shiftWarning="Runs fall on another day in your time zone."
        upcoming={[
          { key: '1', utc: 'Wed 25 Nov 05:30', local: 'Tue 24 Nov 21:30', shifted: true },
          { key: '2', utc: 'Wed 2 Dec 05:30', local: 'Tue 1 Dec 21:30', shifted: true },
        ]}
      />,
    );
    await user.click(screen.getByRole('checkbox', { name: 'Enable Schedule' }));
    expect(screen.getByTestId('schedule-summary')).toHaveTextContent(
      'Every week on Wednesday at 05:30 UTC',
    );
    const table = screen.getByRole('table', { name: 'Next runs' });
    expect(within(table).getByText('Local time (America/Los_Angeles)')).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Runs fall on another day in your time zone.',
    );
  });
});
