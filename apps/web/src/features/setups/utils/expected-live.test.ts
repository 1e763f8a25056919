import { describe, expect, it } from '@jest/globals';
import { fixtures } from '@onboarding/contracts/testing';
import { expectedLive } from './expected-live';

const at = (hhmm: string) => `2026-11-20T${hhmm}:00.000Z`;
const ms = (hhmm: string) => Date.parse(at(hhmm));

const steps = [
  fixtures.step({ stepId: 1, stepName: 'catalog_sync', stepOrder: 1, expectedExecutionTime: 30 }),
  fixtures.step({ stepId: 2, stepName: 'content_audit', stepOrder: 2, expectedExecutionTime: 45 }),
  fixtures.step({
    stepId: 3,
    stepName: 'dashboard_publish',
    stepOrder: 3,
    expectedExecutionTime: 10,
  }),
];

const entry = (stepName: string, status: string, time: string, retailerId = 4) =>
  fixtures.workflowEntry({ stepName, status, updatedat: at(time), retailerId });

describe('expected live by', () => {
  it('adds the remaining expected times to the running step', () => {
    const result = expectedLive({
      steps,
      currentWorkflow: [
        entry('catalog_sync', 'completed', '10:00'),
        entry('content_audit', 'started', '10:05'),
        entry('dashboard_publish', 'not_started', '09:30'),
      ],
      now: ms('10:20'),
    });
    // content_audit 10:05 + 45 min = 10:50, then dashboard_publish 10 min = 11:00.
    expect(result.state).toBe('running');
    expect(result.expectedLiveAt).toBe(ms('11:00'));
    expect(result.overdueSteps).toEqual([]);
  });

  it('marks a step running longer than its expected time as overdue, and estimates from now', () => {
    const result = expectedLive({
      steps,
      currentWorkflow: [
        entry('catalog_sync', 'completed', '10:00'),
        entry('content_audit', 'in_progress', '10:10'),
        entry('dashboard_publish', 'not_started', '09:30'),
      ],
      historyWorkflow: [
        entry('content_audit', 'not_started', '09:30'),
        entry('content_audit', 'started', '10:01'),
        // An earlier run's start must not count.
        entry('content_audit', 'started', '08:00', 4),
      ],
      now: ms('11:00'),
    });
    expect(result.overdueSteps).toEqual([
      expect.objectContaining({
        stepName: 'content_audit',
        retailerId: 4,
        startAt: ms('10:01'),
        endAt: ms('10:46'),
        overdue: true,
        overdueByMs: 14 * 60_000,
      }),
    ]);
    expect(result.expectedLiveAt).toBe(ms('11:10'));
  });

  it('is not overdue within the expected time', () => {
    const result = expectedLive({
      steps,
      currentWorkflow: [entry('catalog_sync', 'in_progress', '10:00')],
      historyWorkflow: [entry('catalog_sync', 'started', '09:40')],
      now: ms('10:09'),
    });
    expect(result.steps[0]).toEqual(expect.objectContaining({ overdue: false, overdueByMs: 0 }));
    expect(result.expectedLiveAt).toBe(ms('10:10'));
  });

  it('goes live when the slowest retailer finishes', () => {
    const result = expectedLive({
      steps,
      currentWorkflow: [
        entry('catalog_sync', 'completed', '10:00', 4),
        entry('content_audit', 'completed', '10:40', 4),
        entry('dashboard_publish', 'started', '10:41', 4),
        entry('catalog_sync', 'started', '10:30', 12),
        entry('content_audit', 'not_started', '10:00', 12),
        entry('dashboard_publish', 'not_started', '10:00', 12),
      ],
      now: ms('10:45'),
    });
    // Retailer 12: 10:30 + 30 = 11:00, + 45 = 11:45, + 10 = 11:55.
    expect(result.expectedLiveAt).toBe(ms('11:55'));
  });

  it('is live when every step of every retailer has completed', () => {
    const result = expectedLive({
      steps,
      currentWorkflow: [
        entry('catalog_sync', 'completed', '10:00', 4),
        entry('content_audit', 'completed', '10:40', 4),
        entry('catalog_sync', 'completed', '10:30', 12),
        entry('content_audit', 'completed', '11:05', 12),
      ],
      now: ms('12:00'),
    });
    expect(result).toEqual(expect.objectContaining({ state: 'live', expectedLiveAt: ms('11:05') }));
  });

  it('gives no time while a step has failed', () => {
    const result = expectedLive({
      steps,
      currentWorkflow: [
        entry('catalog_sync', 'completed', '10:00'),
        entry('content_audit', 'failed', '10:20'),
        entry('dashboard_publish', 'not_started', '09:30'),
      ],
      now: ms('10:30'),
    });
    expect(result).toEqual(
      expect.objectContaining({
        state: 'failed',
        expectedLiveAt: null,
        reason: 'The step content_audit failed; the setup goes live once it is re-triggered.',
      }),
    );
  });

  it('gives no time when a step still to run has no expected time, but still flags overdue steps', () => {
    const result = expectedLive({
      steps: [
        ...steps.slice(0, 2),
        fixtures.step({
          stepId: 3,
          stepName: 'report_publish',
          stepOrder: 3,
          expectedExecutionTime: null,
        }),
      ],
      currentWorkflow: [
        entry('catalog_sync', 'started', '10:00'),
        entry('content_audit', 'not_started', '09:00'),
        entry('report_publish', 'not_started', '09:00'),
      ],
      now: ms('11:00'),
    });
    expect(result.state).toBe('unknown');
    expect(result.reason).toBe('The step report_publish has no expected execution time.');
    expect(result.overdueSteps.map((s) => s.stepName)).toEqual(['catalog_sync']);
  });

  it('estimates from now, in step order, before the workflow has any entry', () => {
    const result = expectedLive({
      steps: [...steps].reverse(),
      currentWorkflow: [],
      now: ms('09:00'),
    });
    expect(result.state).toBe('not_started');
    expect(result.steps.map((s) => s.stepName)).toEqual([
      'catalog_sync',
      'content_audit',
      'dashboard_publish',
    ]);
    expect(result.expectedLiveAt).toBe(ms('10:25'));
    expect(result.steps.map((s) => [s.status, s.startAt, s.endAt])).toEqual([
      ['not_started', ms('09:00'), ms('09:30')],
      ['not_started', ms('09:30'), ms('10:15')],
      ['not_started', ms('10:15'), ms('10:25')],
    ]);
    expect(result.overdueSteps).toEqual([]);
  });

  it("follows the run's own order, not a later rearrangement of the product steps", () => {
    const result = expectedLive({
      steps: [
        fixtures.step({ stepId: 1, stepName: 'a', stepOrder: 2, expectedExecutionTime: 60 }),
        fixtures.step({ stepId: 2, stepName: 'b', stepOrder: 1, expectedExecutionTime: 10 }),
      ],
      currentWorkflow: [entry('a', 'completed', '10:00'), entry('b', 'started', '10:00')],
      now: ms('10:05'),
    });
    expect(result.expectedLiveAt).toBe(ms('10:10'));
  });
  it('gives no time before the workflow has any entry when a step has no expected time', () => {
    const result = expectedLive({
      steps: [
        steps[0]!,
        fixtures.step({ stepId: 4, stepName: 'report', stepOrder: 2, expectedExecutionTime: null }),
        steps[2]!,
      ],
      currentWorkflow: [],
      now: ms('09:00'),
    });
    expect(result).toEqual({
      state: 'unknown',
      expectedLiveAt: null,
      steps: [
        expect.objectContaining({ stepName: 'catalog_sync', startAt: ms('09:00') }),
        expect.objectContaining({ stepName: 'report', startAt: null, endAt: null }),
        expect.objectContaining({ stepName: 'dashboard_publish', startAt: null, endAt: null }),
      ],
      overdueSteps: [],
      reason: 'The step report has no expected execution time.',
    });
  });

  it('counts a step expected to take no time as taking none', () => {
    const result = expectedLive({
      steps: [fixtures.step({ stepName: 'ping', stepOrder: 1, expectedExecutionTime: 0 })],
      currentWorkflow: [],
      now: ms('09:00'),
    });
    expect(result).toEqual(
      expect.objectContaining({ state: 'not_started', expectedLiveAt: ms('09:00') }),
    );
  });

  it('takes a negative or infinite expected time as no expected time', () => {
    for (const expectedExecutionTime of [-5, Infinity]) {
      const result = expectedLive({
        steps: [{ stepName: 'ping', stepOrder: 1, expectedExecutionTime }],
        currentWorkflow: [],
        now: ms('09:00'),
      });
      expect(result.state).toBe('unknown');
    }
  });

  it('gives no time when the workflow runs a step the product does not register', () => {
    const result = expectedLive({
      steps,
      currentWorkflow: [
        entry('catalog_sync', 'completed', '10:00'),
        entry('legacy_export', 'not_started', '09:30'),
      ],
      now: ms('10:20'),
    });
    expect(result.state).toBe('unknown');
    expect(result.reason).toBe('The step legacy_export has no expected execution time.');
  });

  it('dates a re-triggered step from its own start, not the start of its earlier run', () => {
    const result = expectedLive({
      steps,
      currentWorkflow: [entry('catalog_sync', 'started', '10:05')],
      historyWorkflow: [entry('catalog_sync', 'started', '09:00')],
      now: ms('10:10'),
    });
    expect(result.steps[0]!.startAt).toBe(ms('10:05'));
  });

  it("dates a running step from its own start, not another step's or retailer's", () => {
    const result = expectedLive({
      steps,
      currentWorkflow: [
        entry('catalog_sync', 'completed', '10:00'),
        entry('content_audit', 'in_progress', '10:10'),
      ],
      historyWorkflow: [
        entry('content_audit', 'started', '10:01'),
        entry('dashboard_publish', 'started', '10:05'),
        entry('content_audit', 'started', '10:06', 12),
        entry('content_audit', 'in_progress', '10:08'),
      ],
      now: ms('10:20'),
    });
    expect(result.steps[1]!.startAt).toBe(ms('10:01'));
  });

  it('dates a running step from its latest start up to its running state, not a later one', () => {
    const run = (history: string[]) =>
      expectedLive({
        steps,
        currentWorkflow: [entry('catalog_sync', 'in_progress', '10:10')],
        historyWorkflow: history.map((time) => entry('catalog_sync', 'started', time)),
        now: ms('10:20'),
      }).steps[0]!.startAt;
    expect(run(['10:01', '10:04'])).toBe(ms('10:04'));
    expect(run(['10:02', '10:30', '10:10'])).toBe(ms('10:10'));
  });

  it('dates a running step from the history when its own time cannot be read', () => {
    const result = expectedLive({
      steps,
      currentWorkflow: [
        fixtures.workflowEntry({ stepName: 'catalog_sync', status: 'in_progress', updatedat: '' }),
      ],
      historyWorkflow: [entry('catalog_sync', 'started', '10:01')],
      now: ms('10:20'),
    });
    expect(result.steps[0]!.startAt).toBe(ms('10:01'));
    expect(result.expectedLiveAt).toBe(ms('10:31'));
  });

  it('is not overdue at exactly its expected time', () => {
    const result = expectedLive({
      steps,
      currentWorkflow: [entry('catalog_sync', 'started', '10:00')],
      now: ms('10:30'),
    });
    expect(result.steps[0]).toEqual(expect.objectContaining({ overdue: false, overdueByMs: 0 }));
    expect(result.overdueSteps).toEqual([]);
  });

  it('is live at the last completion, even when an earlier step completed last', () => {
    const result = expectedLive({
      steps,
      currentWorkflow: [
        entry('catalog_sync', 'completed', '11:05'),
        entry('content_audit', 'completed', '10:40'),
      ],
      now: ms('12:00'),
    });
    expect(result.state).toBe('live');
    expect(result.expectedLiveAt).toBe(ms('11:05'));
    expect(result.steps[0]).toEqual({
      retailerId: 4,
      stepName: 'catalog_sync',
      status: 'completed',
      expectedMinutes: 30,
      startAt: null,
      endAt: ms('11:05'),
      overdue: false,
      overdueByMs: 0,
    });
  });

  it('is live with no time when no completion time can be read', () => {
    const result = expectedLive({
      steps,
      currentWorkflow: [
        fixtures.workflowEntry({ stepName: 'catalog_sync', status: 'completed', updatedat: 'n/a' }),
      ],
      now: ms('12:00'),
    });
    expect(result).toEqual(expect.objectContaining({ state: 'live', expectedLiveAt: null }));
  });

  it('is running while any retailer is still at work', () => {
    const result = expectedLive({
      steps,
      currentWorkflow: [
        entry('catalog_sync', 'completed', '10:00', 4),
        entry('catalog_sync', 'started', '10:30', 12),
      ],
      now: ms('10:45'),
    });
    expect(result.state).toBe('running');
    expect(result.expectedLiveAt).toBe(ms('11:00'));
  });

  it('gives the steps after a failed one no time', () => {
    const result = expectedLive({
      steps,
      currentWorkflow: [
        entry('catalog_sync', 'completed', '10:00'),
        entry('content_audit', 'failed', '10:20'),
        entry('dashboard_publish', 'not_started', '09:30'),
      ],
      now: ms('10:30'),
    });
    expect(result.steps.slice(1)).toEqual([
      expect.objectContaining({ stepName: 'content_audit', status: 'failed', endAt: null }),
      expect.objectContaining({ stepName: 'dashboard_publish', startAt: null, endAt: null }),
    ]);
    expect(result.steps[1]!.startAt).toBeNull();
  });

  it('gives no time while a running step has no expected time, nor to the steps after it', () => {
    const result = expectedLive({
      steps: [
        fixtures.step({ stepId: 4, stepName: 'report', stepOrder: 1, expectedExecutionTime: null }),
        steps[2]!,
      ],
      currentWorkflow: [
        entry('report', 'started', '10:00'),
        entry('dashboard_publish', 'not_started', '09:30'),
      ],
      now: ms('12:00'),
    });
    expect(result).toEqual({
      state: 'unknown',
      expectedLiveAt: null,
      steps: [
        expect.objectContaining({ stepName: 'report', startAt: ms('10:00'), endAt: null }),
        expect.objectContaining({ stepName: 'dashboard_publish', startAt: null, endAt: null }),
      ],
      overdueSteps: [],
      reason: 'The step report has no expected execution time.',
    });
  });

  it('gives no time to the steps after a waiting step with no expected time', () => {
    const result = expectedLive({
      steps: [
        steps[0]!,
        fixtures.step({ stepId: 4, stepName: 'report', stepOrder: 2, expectedExecutionTime: null }),
        steps[2]!,
      ],
      currentWorkflow: [
        entry('catalog_sync', 'completed', '10:00'),
        entry('report', 'not_started', '09:30'),
        entry('dashboard_publish', 'not_started', '09:30'),
      ],
      now: ms('10:30'),
    });
    expect(result.steps.slice(1)).toEqual([
      expect.objectContaining({ stepName: 'report', status: 'not_started', endAt: null }),
      expect.objectContaining({ stepName: 'dashboard_publish', startAt: null, endAt: null }),
    ]);
    expect(result.steps[1]!.startAt).toBeNull();
  });
});
