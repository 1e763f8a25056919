import { describe, expect, it } from '@jest/globals';
import { fixtures } from '@onboarding/contracts/testing';
import { planBulk, refreshSkipReason, reTriggerSkipReason } from './bulk-plan';

const row = (setupId: number, retailerId: number, status: string, stepName: string | null) =>
  fixtures.setupRow({ setupId, retailerId, status, stepName });

describe('bulk plans', () => {
  it('re-triggers FAILED rows and skips ncs_client_db_setup with the reason the drawer gives', () => {
    const plan = planBulk(
      [
        row(1, 4, 'FAILED', 'sti'),
        row(2, 4, 'FAILED', 'ncs_client_db_setup'),
        row(3, 4, 'IN_PROGRESS', 'sti'),
      ],
      reTriggerSkipReason,
    );
    expect(plan.send.map((r) => r.setupId)).toEqual([1]);
    expect(plan.skipped.map((s) => [s.row.setupId, s.reason])).toEqual([
      [2, 'The step NCS Client DB Setup cannot be re-triggered'],
      [3, 'Not FAILED (now IN_PROGRESS)'],
    ]);
  });

  it('skips a FAILED row that names no step, since a re-trigger must name one', () => {
    const plan = planBulk(
      [row(1, 4, 'FAILED', null), row(2, 4, 'FAILED', ''), row(3, 4, 'FAILED', '  ')],
      reTriggerSkipReason,
    );
    expect(plan.send).toEqual([]);
    expect(plan.skipped.map((s) => s.reason)).toEqual(
      Array(3).fill('No failed step is named, so there is nothing to re-trigger'),
    );
  });

  it('refreshes COMPLETED rows only', () => {
    const plan = planBulk(
      [row(1, 4, 'COMPLETED', 'sov_wf'), row(1, 7, 'FAILED', 'sti')],
      refreshSkipReason,
    );
    expect(plan.send.map((r) => r.retailerId)).toEqual([4]);
    expect(plan.skipped[0]!.reason).toBe('Not COMPLETED (now FAILED)');
  });

  it('counts a row chosen twice (a group and the row itself) once', () => {
    const failed = row(1, 4, 'FAILED', 'sti');
    expect(planBulk([failed, { ...failed }], reTriggerSkipReason).send).toHaveLength(1);
  });
});
