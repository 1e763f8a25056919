import { describe, expect, it } from '@jest/globals';
import { FleetMatchingQuerySchema } from '@onboarding/contracts';
import {
  countedSetups,
  describeSelection,
  failedStepOf,
  readPanelPage,
  readSelection,
  sameSelection,
  matchingSelection,
  selectionSearch,
  stepText,
  weekText,
  type Selection,
} from './selection';
import { flowHealth } from '../testing/flow-health';

const read = (query: string) => readSelection(new URLSearchParams(query));

const metrics = flowHealth({
  retailerSteps: [
    { retailerId: 4, retailerName: 'Amazon', stepName: 'crawling', status: 'failed', count: 1 },
    { retailerId: 31, retailerName: 'Walmart', stepName: 'sti', status: 'failed', count: 1 },
  ],
});

describe('readSelection', () => {
  it('reads a bar of setups by step from the address with a step and a status', () => {
    expect(read('step=sti&status=FAILED')).toEqual({
      kind: 'bucket',
      step: 'sti',
      status: 'FAILED',
    });
  });

  it('reads the bar of setups without a step from the address with only a status', () => {
    expect(read('status=NOT_STARTED')).toEqual({
      kind: 'bucket',
      step: null,
      status: 'NOT_STARTED',
    });
  });

  it('names nothing when a step or a status is named badly, rather than another bar', () => {
    expect(read('step=&status=FAILED')).toBeNull();
    expect(read(`step=${'s'.repeat(101)}&status=FAILED`)).toBeNull();
    expect(read('step=st%00i&status=FAILED')).toBeNull();
    expect(read(`step=sti&status=${'F'.repeat(41)}`)).toBeNull();
    expect(read('step=sti&status=')).toBeNull();
  });

  it('reads every setup at a step from the address with only a step', () => {
    expect(read('step=sti')).toEqual({ kind: 'step', step: 'sti' });
  });

  it('reads a retailer cell from the address only with a numeric retailer, step and status', () => {
    expect(read('retailer=4&step=sti&status=failed')).toEqual({
      kind: 'cell',
      retailerId: 4,
      step: 'sti',
      status: 'failed',
    });
    expect(read('retailer=4&step=sti')).toBeNull();
    expect(read('retailer=4&status=failed')).toBeNull();
    expect(read('retailer=4')).toBeNull();
  });

  it.each(['', '0', '04', '-4', '4.5', 'amazon', '99999999999999999'])(
    'names nothing with the retailer %j, whatever else the address names',
    (retailer) => {
      expect(read(`retailer=${retailer}&step=sti&status=failed`)).toBeNull();
    },
  );

  it('reads a week of failures from the address with a YYYY-MM-DD week and a step', () => {
    expect(read('week=2026-11-16&step=sti')).toEqual({
      kind: 'week',
      week: '2026-11-16',
      step: 'sti',
    });
    expect(read('week=2026-11-16')).toBeNull();
    expect(read('week=2026-11-16&status=FAILED')).toBeNull();
  });

  it.each(['', '2026-11-1', '202-11-16', '2026-11-16x', 'x2026-11-16', '2026/11/16', 'yyyy-mm-dd'])(
    'names nothing with the week %j, even with a step and a status',
    (week) => {
      expect(read(`week=${week}&step=sti&status=FAILED`)).toBeNull();
    },
  );

  it('reads the retailer cell when the address also names a week', () => {
    expect(read('retailer=4&week=2026-11-16&step=sti&status=failed')).toEqual({
      kind: 'cell',
      retailerId: 4,
      step: 'sti',
      status: 'failed',
    });
    expect(read('retailer=x&week=2026-11-16&step=sti&status=failed')).toBeNull();
  });

  it('names nothing when the address names no step and no status', () => {
    expect(read('')).toBeNull();
    expect(read('page=2')).toBeNull();
    expect(read('step=&status=')).toBeNull();
  });

  it('takes a step of up to 100 characters and refuses a longer one', () => {
    const step = 's'.repeat(100);
    expect(read(`step=${step}`)).toEqual({ kind: 'step', step });
    expect(read(`step=${step}s`)).toBeNull();
    expect(read(`retailer=4&step=${step}s&status=failed`)).toBeNull();
  });

  it('takes a status of up to 40 characters and refuses a longer one', () => {
    const status = 'F'.repeat(40);
    expect(read(`status=${status}`)).toEqual({ kind: 'bucket', step: null, status });
    expect(read(`status=${status}F`)).toBeNull();
    expect(read(`retailer=4&step=sti&status=${status}F`)).toBeNull();
  });

  it.each(['%00', '%07', '%09', '%0A', '%1F', '%7F', '%C2%9F'])(
    'refuses a step or a status with the control character %s',
    (control) => {
      expect(read(`step=st${control}i`)).toBeNull();
      expect(read(`status=FAI${control}LED`)).toBeNull();
      expect(read(`retailer=4&step=sti&status=fail${control}ed`)).toBeNull();
    },
  );

  it('takes a step with spaces, punctuation and letters beyond ASCII', () => {
    expect(read('step=Pr%C3%BCfung+%26+Export')).toEqual({
      kind: 'step',
      step: 'Prüfung & Export',
    });
  });
});

describe('readPanelPage', () => {
  it.each([
    ['page=3', 3],
    ['page=12', 12],
    ['', 1],
    ['page=', 1],
    ['page=0', 1],
    ['page=-2', 1],
    ['page=02', 1],
    ['page=two', 1],
  ])('reads the address %j as page %d', (query, page) => {
    expect(readPanelPage(new URLSearchParams(query))).toBe(page);
  });
});

describe('selectionSearch', () => {
  it.each<[Selection, Record<string, string>]>([
    [
      { kind: 'bucket', step: 'sti', status: 'FAILED' },
      { step: 'sti', status: 'FAILED' },
    ],
    [{ kind: 'bucket', step: null, status: 'FAILED' }, { status: 'FAILED' }],
    [{ kind: 'step', step: 'sti' }, { step: 'sti' }],
    [
      { kind: 'cell', retailerId: 4, step: 'sti', status: 'failed' },
      { retailer: '4', step: 'sti', status: 'failed' },
    ],
    [
      { kind: 'week', week: '2026-11-16', step: 'sti' },
      { week: '2026-11-16', step: 'sti' },
    ],
  ])('writes %j in the address as %j', (selection, search) => {
    expect(selectionSearch(selection)).toStrictEqual(search);
  });

  it.each<Selection>([
    { kind: 'bucket', step: 'sti', status: 'FAILED' },
    { kind: 'bucket', step: null, status: 'FAILED' },
    { kind: 'step', step: 'sti' },
    { kind: 'cell', retailerId: 4, step: 'sti', status: 'failed' },
    { kind: 'week', week: '2026-11-16', step: 'sti' },
  ])('names the same %j again after a reload', (selection) => {
    expect(readSelection(new URLSearchParams(selectionSearch(selection)))).toEqual(selection);
  });
});

describe('matchingSelection', () => {
  it.each<[Selection, Record<string, string>]>([
    [
      { kind: 'bucket', step: 'sti', status: 'FAILED' },
      { chart: 'bucket', stepName: 'sti', status: 'FAILED' },
    ],
    [
      { kind: 'bucket', step: null, status: 'FAILED' },
      { chart: 'bucket', status: 'FAILED' },
    ],
    [
      { kind: 'step', step: 'sti' },
      { chart: 'step', stepName: 'sti' },
    ],
    [
      { kind: 'cell', retailerId: 4, step: 'sti', status: 'failed' },
      { chart: 'cell', retailerId: '4', stepName: 'sti', status: 'failed' },
    ],
    [
      { kind: 'week', week: '2026-11-16', step: 'sti' },
      { chart: 'week', weekStart: '2026-11-16', stepName: 'sti' },
    ],
  ])('asks the gateway for %j as %j, naming nothing else', (selection, query) => {
    expect(matchingSelection(selection)).toStrictEqual(query);
    expect(
      FleetMatchingQuerySchema.safeParse({ flow: 'rem_omni', ...matchingSelection(selection) })
        .success,
    ).toBe(true);
  });
});

describe('countedSetups', () => {
  const counted = flowHealth({
    setupsByStep: [
      { stepName: 'sti', status: 'FAILED', setups: 45 },
      { stepName: null, status: 'NOT_STARTED', setups: 2 },
    ],
    setupsAtStep: [{ stepName: 'sti', setups: 47 }],
    retailerSteps: [
      { retailerId: 4, retailerName: 'Amazon', stepName: 'sti', status: 'failed', count: 20 },
    ],
    failuresByWeek: [{ weekStart: '2026-11-16', stepName: 'sti', failures: 44 }],
  });

  it('says a bar’s, a step’s and a cell’s setups as the health answer counts them', () => {
    expect(countedSetups({ kind: 'bucket', step: 'sti', status: 'FAILED' }, counted)).toBe(45);
    expect(countedSetups({ kind: 'bucket', step: null, status: 'NOT_STARTED' }, counted)).toBe(2);
    expect(countedSetups({ kind: 'step', step: 'sti' }, counted)).toBe(47);
    expect(
      countedSetups({ kind: 'cell', retailerId: 4, step: 'sti', status: 'failed' }, counted),
    ).toBe(20);
  });

  it('counts 0 for a bar, step or cell the answer does not have', () => {
    expect(countedSetups({ kind: 'bucket', step: 'sti', status: 'PAUSED' }, counted)).toBe(0);
    expect(countedSetups({ kind: 'step', step: 'analytics' }, counted)).toBe(0);
    expect(
      countedSetups({ kind: 'cell', retailerId: 7, step: 'sti', status: 'failed' }, counted),
    ).toBe(0);
  });

  it('leaves a week to the gateway: it counts failures, and a setup can fail twice', () => {
    expect(countedSetups({ kind: 'week', week: '2026-11-16', step: 'sti' }, counted)).toBe(
      undefined,
    );
  });
});

describe('stepText and weekText', () => {
  it('calls a row without a step "No step" and a step by its label', () => {
    expect(stepText(null)).toBe('No step');
    expect(stepText('sti')).toBe('STI');
    expect(stepText('catalog_sync')).toBe('Catalog Sync');
  });

  it('writes a week by its Monday, as in the UTC calendar', () => {
    expect(weekText('2026-11-16')).toBe('16 Nov 2026');
    expect(weekText('2027-01-04')).toBe('4 Jan 2027');
  });
});

describe('describeSelection', () => {
  it('words a bar by its step and status', () => {
    expect(describeSelection({ kind: 'bucket', step: 'sti', status: 'FAILED' }, metrics)).toBe(
      'STI · Failed',
    );
    expect(describeSelection({ kind: 'bucket', step: null, status: 'NOT_STARTED' }, null)).toBe(
      'No step · Not started',
    );
  });

  it('words the setups at a step as those now at it', () => {
    expect(describeSelection({ kind: 'step', step: 'analytics' }, metrics)).toBe(
      'Now at Analytics',
    );
  });

  it('names a cell’s retailer as the snapshot names it, from any of its steps', () => {
    const cell: Selection = {
      kind: 'cell',
      retailerId: 31,
      step: 'crawling',
      status: 'in_progress',
    };
    expect(describeSelection(cell, metrics)).toBe('Walmart · Crawling · In progress');
  });

  it('names a cell’s retailer by its id when the snapshot does not name it', () => {
    const cell: Selection = { kind: 'cell', retailerId: 99, step: 'sti', status: 'failed' };
    expect(describeSelection(cell, metrics)).toBe('Retailer 99 · STI · Failed');
    expect(describeSelection(cell, null)).toBe('Retailer 99 · STI · Failed');
  });

  it('words a week of failures by its step and its Monday', () => {
    expect(describeSelection({ kind: 'week', week: '2026-11-16', step: 'sti' }, null)).toBe(
      'STI failures in the week of 16 Nov 2026',
    );
  });
});

describe('failedStepOf', () => {
  it('gives the step of a week of failures', () => {
    expect(failedStepOf({ kind: 'week', week: '2026-11-16', step: 'sti' })).toBe('sti');
  });

  it('gives the step of a failed bar or cell, whatever the status’s case', () => {
    expect(failedStepOf({ kind: 'bucket', step: 'sti', status: 'FAILED' })).toBe('sti');
    expect(failedStepOf({ kind: 'bucket', step: 'sti', status: 'Failed' })).toBe('sti');
    expect(failedStepOf({ kind: 'cell', retailerId: 4, step: 'crawling', status: 'failed' })).toBe(
      'crawling',
    );
  });

  it('gives no step for a bar or cell that did not fail', () => {
    expect(failedStepOf({ kind: 'bucket', step: 'sti', status: 'COMPLETED' })).toBeNull();
    expect(failedStepOf({ kind: 'bucket', step: 'sti', status: 'FAILED_SOFT' })).toBeNull();
    expect(
      failedStepOf({ kind: 'cell', retailerId: 4, step: 'sti', status: 'started' }),
    ).toBeNull();
  });

  it('gives no step for the failed setups without a step, nor for every setup at a step', () => {
    expect(failedStepOf({ kind: 'bucket', step: null, status: 'FAILED' })).toBeNull();
    expect(failedStepOf({ kind: 'step', step: 'sti' })).toBeNull();
  });
});

describe('sameSelection', () => {
  it('matches a selection naming the same bar or cell', () => {
    expect(
      sameSelection(
        { kind: 'cell', retailerId: 4, step: 'sti', status: 'failed' },
        { kind: 'cell', retailerId: 4, step: 'sti', status: 'failed' },
      ),
    ).toBe(true);
    expect(
      sameSelection(
        { kind: 'bucket', step: null, status: 'FAILED' },
        { kind: 'bucket', step: null, status: 'FAILED' },
      ),
    ).toBe(true);
  });

  it('tells apart selections that differ in any part', () => {
    const cell: Selection = { kind: 'cell', retailerId: 4, step: 'sti', status: 'failed' };
    expect(sameSelection(cell, { ...cell, retailerId: 31 })).toBe(false);
    expect(sameSelection(cell, { ...cell, step: 'crawling' })).toBe(false);
    expect(sameSelection(cell, { ...cell, status: 'completed' })).toBe(false);
    expect(sameSelection(cell, { kind: 'bucket', step: 'sti', status: 'failed' })).toBe(false);
    expect(
      sameSelection(
        { kind: 'bucket', step: null, status: 'FAILED' },
        { kind: 'bucket', step: 'sti', status: 'FAILED' },
      ),
    ).toBe(false);
    expect(
      sameSelection(
        { kind: 'step', step: 'sti' },
        { kind: 'week', week: '2026-11-16', step: 'sti' },
      ),
    ).toBe(false);
  });

  it('matches nothing when nothing is selected', () => {
    expect(sameSelection(null, { kind: 'step', step: 'sti' })).toBe(false);
  });
});
