import { describe, expect, it } from '@jest/globals';
import { fixtures } from '@onboarding/contracts/testing';
import { formatDuration } from './duration';
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

  it('formats durations for people', () => {
    expect(formatDuration(20_000)).toBe('1 min');
    expect(formatDuration(45 * 60_000)).toBe('45 min');
    expect(formatDuration(125 * 60_000)).toBe('2 h 5 min');
    expect(formatDuration(120 * 60_000)).toBe('2 h');
    expect(formatDuration((3 * 24 * 60 + 4 * 60) * 60_000)).toBe('3 d 4 h');
  });
});
