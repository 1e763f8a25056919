import { describe, expect, it } from '@jest/globals';
import { fixtures } from '@onboarding/contracts/testing';
import { StatusChip } from '@onboarding/ui';
import { render, screen } from '@testing-library/react';
import { setupStatusLook, stepStatusLook } from './status';

/** The chip the list shows for a row in `status` at step `sti`. */
function chipOf(status: string) {
  const look = setupStatusLook(fixtures.setupRow({ status, stepName: 'sti' }));
  const { container, unmount } = render(
    <StatusChip label={look.label} tone={look.tone} icon={look.icon} />,
  );
  const icon = container.querySelector('svg')!.getAttribute('data-testid');
  const text = container.textContent;
  unmount();
  return { icon, text, tone: look.tone };
}

describe('status looks', () => {
  it('gives every setup status its own icon, the status as received and the step label', () => {
    const chips = ['NOT_STARTED', 'STARTED', 'IN_PROGRESS', 'COMPLETED', 'FAILED'].map(chipOf);
    expect(new Set(chips.map((c) => c.icon)).size).toBe(5);
    expect(chips.map((c) => c.text)).toEqual([
      'Not startedNOT_STARTED - STI',
      'STARTED - STI',
      'In progressIN_PROGRESS - STI',
      'COMPLETED',
      'FAILED - STI',
    ]);
  });

  it('names a status written as a key in words, for screen readers', () => {
    const look = setupStatusLook(fixtures.setupRow({ status: 'NOT_STARTED', stepName: 'sti' }));
    render(<StatusChip label={look.label} tone={look.tone} icon={look.icon} />);
    expect(screen.getByRole('img', { name: 'Not started' })).toBeInTheDocument();
    expect(screen.getByText('NOT_STARTED - STI')).toBeVisible();
  });

  it('gives every workflow step status its own icon and its words', () => {
    const looks = ['not_started', 'started', 'in_progress', 'completed', 'failed'].map(
      stepStatusLook,
    );
    expect(looks.map((l) => l.label)).toEqual([
      'not started',
      'started',
      'in progress',
      'completed',
      'failed',
    ]);
    expect(new Set(looks.map((l) => l.icon.type)).size).toBe(5);
  });
  it('plays a started setup and spins any other running status, as received', () => {
    expect(['NOT_STARTED', 'STARTED', 'IN_PROGRESS', 'QUEUED'].map((s) => chipOf(s).icon)).toEqual([
      'RadioButtonUncheckedIcon',
      'PlayCircleOutlinedIcon',
      'AutorenewIcon',
      'AutorenewIcon',
    ]);
  });

  it('leaves the step out when asked to, or when the row has none', () => {
    const failed = fixtures.setupRow({ status: 'FAILED', stepName: 'sti' });
    expect(setupStatusLook(failed, false).label).toBe('FAILED');
    expect(setupStatusLook({ ...failed, stepName: null }).label).toBe('FAILED');
    expect(setupStatusLook({ ...failed, status: 'IN_PROGRESS', stepName: null }).label).toBe(
      'IN_PROGRESS',
    );
  });

  it('colours each workflow step status', () => {
    const tones = ['not_started', 'started', 'in_progress', 'completed', 'failed'].map(
      (s) => stepStatusLook(s).tone,
    );
    expect(tones).toEqual(['grey', 'lightYellow', 'yellow', 'green', 'red']);
    expect(stepStatusLook('COMPLETED').tone).toBe('green');
  });

  it('shows a step status it does not know in blue, spinning, in its words', () => {
    const look = stepStatusLook('waiting_for_data');
    expect(look.label).toBe('waiting for data');
    expect(look.tone).toBe('blue');
    render(<StatusChip label={look.label} tone={look.tone} icon={look.icon} />);
    expect(screen.getByTestId('AutorenewIcon')).toBeInTheDocument();
  });
});
