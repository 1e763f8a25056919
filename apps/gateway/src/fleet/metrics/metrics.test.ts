import { describe, expect, it } from '@jest/globals';
import type { SetupRow, WorkflowEntry, WorkflowResponse } from '@onboarding/contracts';
import { flowMetrics } from './flow-metrics.js';
import { percentile, summarise, weekStart } from './stats.js';
import { workflowFacts } from './workflow-facts.js';

const T0 = Date.parse('2026-03-02T00:00:00.000Z'); // a Monday
const MIN = 60_000;

/** One workflow state: the step, its status and the minute (after T0) it entered it. */
type Event = [step: string, status: string, minute: number, requestedby?: string];

const entry = ([stepName, status, minute, requestedby]: Event, retailerId = 4): WorkflowEntry => ({
  stepName,
  status,
  retailerId,
  ismarketshareEnabled: false,
  updatedat: new Date(T0 + minute * MIN).toISOString(),
  requestedby: requestedby ?? 'system',
  statusPayload: null,
});

/**
 * A workflow as the upstream answers it: each step's last state is current (steps in run order,
 * as first met), the earlier states history.
 */
function workflow(events: Event[], retailerId = 4): WorkflowResponse {
  const last = new Map(events.map((e, i) => [e[0], i]));
  const order = [...new Set(events.map((e) => e[0]))];
  return {
    currentWorkflow: order.map((step) => entry(events[last.get(step)!]!, retailerId)),
    historyWorkflow: events.filter((e, i) => last.get(e[0]) !== i).map((e) => entry(e, retailerId)),
  };
}

/** A run of `steps` from `start`: each step waits 1 minute, then runs `minutes[i]` minutes. */
function run(steps: string[], minutes: number[], start = 0, requestedby = 'system'): Event[] {
  const events: Event[] = steps.map((s) => [s, 'not_started', start, requestedby]);
  let t = start;
  steps.forEach((s, i) => {
    events.push(
      [s, 'started', (t += 1)],
      [s, 'in_progress', t + 0.5],
      [s, 'completed', (t += minutes[i]!)],
    );
  });
  return events;
}

const facts = (events: Event[]) => workflowFacts(workflow(events)).retailers[0]!;

describe('workflow facts: step durations and waits', () => {
  it('measures each step from its start to its completion, on every run of a refreshed setup', () => {
    const f = facts([
      ...run(['crawling', 'sti'], [10, 20]),
      ...run(['crawling', 'sti'], [30, 40], 100),
    ]);
    expect(f.durations).toEqual([
      ['crawling', 10 * MIN],
      ['sti', 20 * MIN],
      ['crawling', 30 * MIN],
      ['sti', 40 * MIN],
    ]);
    expect(f.runs).toBe(2);
    expect(f.starts).toEqual([
      ['crawling', 2],
      ['sti', 2],
    ]);
    expect(f.waits.map(([step, ms]) => [step, ms / MIN])).toEqual([
      ['crawling', 1],
      ['sti', 1],
      ['crawling', 1],
      ['sti', 1],
    ]);
    expect(f.at).toBeNull();
  });

  it('measures a re-run step from its re-run start, the failed attempt counting as a failure', () => {
    const f = facts([
      ['crawling', 'not_started', 0],
      ['crawling', 'started', 1],
      ['crawling', 'failed', 6],
      ['crawling', 'not_started', 60, 'ops@example.com'],
      ['crawling', 'started', 61],
      ['crawling', 'completed', 73],
    ]);
    expect(f.durations).toEqual([['crawling', 12 * MIN]]);
    expect(f.failures).toEqual([['crawling', T0 + 6 * MIN]]);
    expect(f.starts).toEqual([['crawling', 2]]);
  });

  it('takes in_progress as the start when started is missing, and leaves an attempt with no start unmeasured', () => {
    const f = facts([
      ['crawling', 'not_started', 0],
      ['sti', 'not_started', 0],
      ['crawling', 'in_progress', 2], // started never reported
      ['crawling', 'completed', 12],
      ['sti', 'completed', 30], // neither started nor in_progress reported
    ]);
    expect(f.durations).toEqual([['crawling', 10 * MIN]]);
    expect(f.starts).toEqual([['crawling', 1]]);
    expect(f.at).toBeNull();
  });

  it('ignores entries without a readable time and statuses it does not know', () => {
    const w = workflow(run(['crawling'], [5]));
    w.historyWorkflow.push({ ...w.historyWorkflow[0]!, status: 'paused' });
    w.historyWorkflow.push({ ...w.historyWorkflow[0]!, status: 'started', updatedat: 'yesterday' });
    expect(workflowFacts(w).retailers[0]!.durations).toEqual([['crawling', 5 * MIN]]);
  });

  it('names the step in play with when its attempt started', () => {
    const f = facts([...run(['crawling'], [5]), ['sti', 'not_started', 0], ['sti', 'started', 7]]);
    expect(f.at).toEqual({
      stepName: 'sti',
      status: 'started',
      since: T0 + 7 * MIN,
      startedAt: T0 + 7 * MIN,
    });
    expect(f.statuses).toEqual(['completed', 'started']);
  });

  it('keeps each retailer of a setup apart', () => {
    const a = workflow(run(['crawling'], [5]), 4);
    const b = workflow(run(['crawling'], [9]), 7);
    const both = workflowFacts({
      currentWorkflow: [...a.currentWorkflow, ...b.currentWorkflow],
      historyWorkflow: [...a.historyWorkflow, ...b.historyWorkflow],
    });
    expect(both.retailers.map((r) => [r.retailerId, r.durations])).toEqual([
      [4, [['crawling', 5 * MIN]]],
      [7, [['crawling', 9 * MIN]]],
    ]);
  });
});

describe('workflow facts: re-triggers', () => {
  it('follows a re-trigger that fails, then a second that succeeds', () => {
    const f = facts([
      ['sti', 'not_started', 0],
      ['sti', 'started', 1],
      ['sti', 'failed', 5],
      ['sti', 'not_started', 10, 'ana@example.com'],
      ['sti', 'started', 11],
      ['sti', 'failed', 15],
      ['sti', 'not_started', 20, 'ana@example.com'],
      ['sti', 'started', 21],
      ['sti', 'completed', 29],
    ]);
    expect(f.reTriggers).toEqual([
      ['sti', 'failed'],
      ['sti', 'succeeded'],
    ]);
    expect(f.failures.map(([, at]) => (at - T0) / MIN)).toEqual([5, 15]);
    expect(f.durations).toEqual([['sti', 8 * MIN]]);
    expect(f.runs).toBe(1);
  });

  it('leaves a re-trigger still running pending, and does not count a new run after a failure as one', () => {
    const pending = facts([
      ['sti', 'not_started', 0],
      ['sti', 'started', 1],
      ['sti', 'failed', 5],
      ['sti', 'not_started', 10, 'ana@example.com'],
      ['sti', 'started', 11],
    ]);
    expect(pending.reTriggers).toEqual([['sti', 'pending']]);
    // An edit starts a new run: every step enters not_started at once.
    const edited = facts([
      ['crawling', 'not_started', 0],
      ['sti', 'not_started', 0],
      ['crawling', 'started', 1],
      ['crawling', 'failed', 3],
      ['crawling', 'not_started', 9, 'ana@example.com'],
      ['sti', 'not_started', 9, 'ana@example.com'],
    ]);
    expect(edited.reTriggers).toEqual([]);
    expect(edited.runs).toBe(2);
  });
});

describe('percentiles', () => {
  it('are samples by nearest rank, on small n too', () => {
    expect(summarise([])).toEqual({ n: 0, p50Ms: null, p90Ms: null });
    expect(summarise([7])).toEqual({ n: 1, p50Ms: 7, p90Ms: 7 });
    expect(summarise([9, 3])).toEqual({ n: 2, p50Ms: 3, p90Ms: 9 });
    expect(summarise([5, 1, 9])).toEqual({ n: 3, p50Ms: 5, p90Ms: 9 });
    const ten = [10, 1, 2, 3, 4, 5, 6, 7, 8, 9];
    expect(summarise(ten)).toEqual({ n: 10, p50Ms: 5, p90Ms: 9 });
    expect(percentile([1, 2, 3, 4], 0.5)).toBe(2);
  });

  it('group failures by the Monday of their week (UTC)', () => {
    expect(weekStart(T0)).toBe('2026-03-02');
    expect(weekStart(T0 + 6 * 86_400_000 + 86_399_999)).toBe('2026-03-02');
    expect(weekStart(T0 + 7 * 86_400_000)).toBe('2026-03-09');
    expect(weekStart(T0 - 1)).toBe('2026-02-23');
  });
});

const row = (
  setupId: number,
  status: string,
  stepName: string | null,
  retailerId = 4,
): SetupRow => ({
  setupId,
  clientName: `client ${setupId}`,
  clientId: setupId,
  retailerId,
  retailerName: retailerId === 4 ? 'Amazon' : `R${retailerId}`,
  isNewClient: false,
  ismarketshareEnabled: false,
  status,
  stepName,
});

describe('flow metrics and forecasts', () => {
  const STEPS = [
    { stepName: 'crawling', expectedMs: null },
    { stepName: 'sti', expectedMs: null },
  ];
  const done = (id: number, crawl: number, sti: number, retailerId = 4) =>
    [id, workflowFacts(workflow(run(['crawling', 'sti'], [crawl, sti]), retailerId))] as const;

  it('counts setups by step and status, lists every step with p50/p90/n, and the retailer × step table', () => {
    const m = flowMetrics({
      rows: [row(1, 'COMPLETED', 'sti'), row(2, 'COMPLETED', 'sti'), row(3, 'FAILED', 'crawling')],
      facts: new Map([
        done(1, 10, 20),
        done(2, 30, 40),
        [
          3,
          workflowFacts(
            workflow([
              ['crawling', 'not_started', 0],
              ['sti', 'not_started', 0],
              ['crawling', 'started', 1],
              ['crawling', 'failed', 4],
            ]),
          ),
        ],
      ]),
      steps: STEPS,
      now: T0 + 1000 * MIN,
    });
    expect(m.setupsByStep).toEqual([
      { stepName: 'crawling', status: 'FAILED', setups: 1, setupIds: [3] },
      { stepName: 'sti', status: 'COMPLETED', setups: 2, setupIds: [1, 2] },
    ]);
    expect(m.durations).toEqual([
      {
        stepName: 'crawling',
        n: 2,
        p50Ms: 10 * MIN,
        p90Ms: 30 * MIN,
        runs: 3,
        failures: 1,
        expectedMs: null,
      },
      {
        stepName: 'sti',
        n: 2,
        p50Ms: 20 * MIN,
        p90Ms: 40 * MIN,
        runs: 2,
        failures: 0,
        expectedMs: null,
      },
    ]);
    expect(m.failuresByWeek).toEqual([
      { weekStart: '2026-03-02', stepName: 'crawling', failures: 1, setupIds: [3] },
    ]);
    expect(m.retailerSteps).toEqual([
      {
        retailerId: 4,
        retailerName: 'Amazon',
        stepName: 'crawling',
        status: 'completed',
        count: 2,
        setupIds: [1, 2],
      },
      {
        retailerId: 4,
        retailerName: 'Amazon',
        stepName: 'crawling',
        status: 'failed',
        count: 1,
        setupIds: [3],
      },
      {
        retailerId: 4,
        retailerName: 'Amazon',
        stepName: 'sti',
        status: 'completed',
        count: 2,
        setupIds: [1, 2],
      },
      {
        retailerId: 4,
        retailerName: 'Amazon',
        stepName: 'sti',
        status: 'not_started',
        count: 1,
        setupIds: [3],
      },
    ]);
    expect(m.forecasts).toEqual([
      {
        setupId: 3,
        clientName: 'client 3',
        state: 'failed',
        liveBy: null,
        failedStep: 'crawling',
        slow: [],
        unmeasured: [],
      },
    ]);
    expect([m.setups, m.rows, m.pipelineRuns]).toEqual([3, 3, 3]);
  });

  it('forecasts a running setup from the p50 of the steps ahead, flagging a step past its p90 as slow', () => {
    const now = T0 + 100 * MIN;
    const running = workflowFacts(
      workflow([
        ['crawling', 'not_started', 0],
        ['sti', 'not_started', 0],
        ['crawling', 'started', 100 - 45],
      ]),
    );
    const m = flowMetrics({
      rows: [row(1, 'COMPLETED', 'sti'), row(2, 'COMPLETED', 'sti'), row(9, 'STARTED', 'crawling')],
      facts: new Map([done(1, 10, 20), done(2, 30, 40), [9, running]]),
      steps: STEPS,
      now,
    });
    // crawling: p50 10 min, p90 30 min, running 45 min: slow, 0 left; sti: wait 1 + p50 20.
    expect(m.forecasts).toEqual([
      {
        setupId: 9,
        clientName: 'client 9',
        state: 'running',
        liveBy: new Date(now + 21 * MIN).toISOString(),
        failedStep: null,
        slow: [{ retailerId: 4, stepName: 'crawling', elapsedMs: 45 * MIN, p90Ms: 30 * MIN }],
        unmeasured: [],
      },
    ]);
  });

  it("uses a retailer's own figures from 5 runs, the fleet's below, and a registered expected time over both", () => {
    const amazon = [1, 2, 3, 4, 5].map((id) => done(id, 100, 100, 4));
    const others = [6, 7, 8].map((id) => done(id, 10, 10, 7));
    const runningOn = (retailerId: number) =>
      workflowFacts(
        workflow(
          [
            ['crawling', 'not_started', 0],
            ['sti', 'not_started', 0],
          ],
          retailerId,
        ),
      );
    const now = T0; // queued just now: the first step's wait is still ahead
    const input = {
      rows: [
        ...[1, 2, 3, 4, 5].map((id) => row(id, 'COMPLETED', 'sti')),
        ...[6, 7, 8].map((id) => row(id, 'COMPLETED', 'sti', 7)),
        row(20, 'NOT_STARTED', 'crawling'),
        row(21, 'NOT_STARTED', 'crawling', 9),
      ],
      facts: new Map([
        ...amazon,
        ...others,
        [20, runningOn(4)] as const,
        [21, runningOn(9)] as const,
      ]),
      steps: STEPS,
      now,
    };
    const m = flowMetrics(input);
    expect(m.durationsByRetailer.map((d) => [d.retailerId, d.stepName, d.n])).toEqual([
      [4, 'crawling', 5],
      [4, 'sti', 5],
    ]);
    const liveIn = (setupId: number, metrics = m) =>
      (Date.parse(metrics.forecasts.find((f) => f.setupId === setupId)!.liveBy!) - now) / MIN;
    expect(liveIn(20)).toBe(1 + 100 + 1 + 100); // Amazon's own p50s
    expect(liveIn(21)).toBe(1 + 100 + 1 + 100); // the fleet's p50 of 8 runs (5 of 100, 3 of 10)
    const registered = flowMetrics({
      ...input,
      steps: [
        { stepName: 'crawling', expectedMs: 3 * MIN },
        { stepName: 'sti', expectedMs: null },
      ],
    });
    expect(liveIn(20, registered)).toBe(1 + 3 + 1 + 100);
  });

  it('leaves the live date unknown while a step ahead has never run, naming it', () => {
    const m = flowMetrics({
      rows: [row(1, 'NOT_STARTED', 'crawling')],
      facts: new Map([
        [
          1,
          workflowFacts(
            workflow([
              ['crawling', 'not_started', 0],
              ['sti', 'not_started', 0],
            ]),
          ),
        ],
      ]),
      steps: STEPS,
      now: T0,
    });
    expect(m.forecasts[0]).toMatchObject({
      state: 'running',
      liveBy: null,
      unmeasured: ['crawling', 'sti'],
    });
    expect(m.durations.map((d) => [d.stepName, d.n, d.p50Ms])).toEqual([
      ['crawling', 0, null],
      ['sti', 0, null],
    ]);
  });

  it('reports re-trigger outcomes per step with their success rate', () => {
    const f = workflowFacts(
      workflow([
        ['sti', 'not_started', 0],
        ['sti', 'started', 1],
        ['sti', 'failed', 5],
        ['sti', 'not_started', 10, 'ana@example.com'],
        ['sti', 'started', 11],
        ['sti', 'failed', 15],
        ['sti', 'not_started', 20, 'ana@example.com'],
        ['sti', 'started', 21],
        ['sti', 'completed', 29],
      ]),
    );
    const m = flowMetrics({
      rows: [row(1, 'COMPLETED', 'sti')],
      facts: new Map([[1, f]]),
      steps: STEPS,
      now: T0,
    });
    expect(m.reTriggers).toEqual([
      { stepName: 'sti', reTriggers: 2, succeeded: 1, failed: 1, pending: 0, successRate: 0.5 },
    ]);
  });
  it('names the setups behind every bucket and cell once each, across retailers, pages and weeks', () => {
    const failedTwice = (retailerId: number, week: number) =>
      workflow(
        [
          ['crawling', 'not_started', 0],
          ['crawling', 'started', 1],
          ['crawling', 'failed', 2],
          ['crawling', 'not_started', 3, 'ana@example.com'],
          ['crawling', 'started', 4],
          ['crawling', 'failed', week * 7 * 24 * 60 + 5],
        ],
        retailerId,
      );
    const both = (a: WorkflowResponse, b: WorkflowResponse): WorkflowResponse => ({
      currentWorkflow: [...a.currentWorkflow, ...b.currentWorkflow],
      historyWorkflow: [...a.historyWorkflow, ...b.historyWorkflow],
    });
    const m = flowMetrics({
      // Setup 12 fails on two retailers; its rows repeat as when the list moved while paging.
      rows: [
        row(12, 'FAILED', 'crawling', 4),
        row(12, 'FAILED', 'crawling', 7),
        row(12, 'FAILED', 'crawling', 4),
        row(5, 'FAILED', 'crawling', 4),
      ],
      facts: new Map([
        [12, workflowFacts(both(failedTwice(4, 0), failedTwice(7, 1)))],
        [5, workflowFacts(failedTwice(4, 0))],
      ]),
      steps: STEPS,
      now: T0,
    });
    expect(m.setupsByStep).toEqual([
      { stepName: 'crawling', status: 'FAILED', setups: 2, setupIds: [5, 12] },
    ]);
    // Failures count every failure; setupIds name each failing setup once, ascending.
    expect(m.failuresByWeek).toEqual([
      { weekStart: '2026-03-02', stepName: 'crawling', failures: 5, setupIds: [5, 12] },
      { weekStart: '2026-03-09', stepName: 'crawling', failures: 1, setupIds: [12] },
    ]);
    expect(m.retailerSteps.map((c) => [c.retailerId, c.status, c.count, c.setupIds])).toEqual([
      [4, 'failed', 2, [5, 12]],
      [7, 'failed', 1, [12]],
    ]);
  });

  it("lists every failed row once, newest first, with its step's message and failure time", () => {
    const failing = (
      step: string,
      minute: number,
      statusPayload: string | null,
      retailerId = 4,
    ): WorkflowResponse => {
      const wf = workflow(
        [
          ['crawling', 'not_started', 0],
          ['sti', 'not_started', 0],
          [step, 'started', 1],
          [step, 'failed', minute],
        ],
        retailerId,
      );
      return {
        ...wf,
        currentWorkflow: wf.currentWorkflow.map((e) =>
          e.status === 'failed' ? { ...e, statusPayload } : e,
        ),
      };
    };
    const m = flowMetrics({
      rows: [
        row(1, 'FAILED', 'crawling'),
        row(2, 'FAILED', 'sti'),
        row(2, 'FAILED', 'sti'),
        row(3, 'COMPLETED', 'sti'),
        // Its workflow has not been read yet: listed, its message and time unknown; its row
        // leaves the retailer's name out, which another row gives.
        { ...row(4, 'FAILED', 'sti'), retailerName: undefined },
        // A prospect's Market Share row: what its re-trigger names comes along.
        { ...row(6, 'FAILED', 'sti'), clientId: 60, isNewClient: true, ismarketshareEnabled: true },
      ],
      facts: new Map([
        [
          1,
          workflowFacts(
            failing('crawling', 5, JSON.stringify({ errorMessage: '  crawl\n timed out ' })),
          ),
        ],
        [2, workflowFacts(failing('sti', 9, JSON.stringify({ error: { reason: 'no STI' } })))],
        [3, workflowFacts(workflow(run(['crawling', 'sti'], [1, 1])))],
        [6, workflowFacts(failing('sti', 7, 'plain text detail'))],
      ]),
      steps: STEPS,
      now: T0,
    });
    const at = (minute: number) => new Date(T0 + minute * MIN).toISOString();
    expect(m.failures).toEqual([
      {
        setupId: 2,
        clientName: 'client 2',
        clientId: 2,
        isNewClient: false,
        retailerId: 4,
        retailerName: 'Amazon',
        ismarketshareEnabled: false,
        stepName: 'sti',
        message: 'no STI',
        failedAt: at(9),
      },
      {
        setupId: 6,
        clientName: 'client 6',
        clientId: 60,
        isNewClient: true,
        retailerId: 4,
        retailerName: 'Amazon',
        ismarketshareEnabled: true,
        stepName: 'sti',
        message: 'plain text detail',
        failedAt: at(7),
      },
      {
        setupId: 1,
        clientName: 'client 1',
        clientId: 1,
        isNewClient: false,
        retailerId: 4,
        retailerName: 'Amazon',
        ismarketshareEnabled: false,
        stepName: 'crawling',
        message: 'crawl timed out',
        failedAt: at(5),
      },
      {
        setupId: 4,
        clientName: 'client 4',
        clientId: 4,
        isNewClient: false,
        retailerId: 4,
        retailerName: 'Amazon',
        ismarketshareEnabled: false,
        stepName: 'sti',
        message: null,
        failedAt: null,
      },
    ]);
  });
});
