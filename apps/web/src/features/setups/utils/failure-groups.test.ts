import { describe, expect, it } from '@jest/globals';
import { failureMessageOf, type FleetFailure } from '@onboarding/contracts';
import { groupFailures, reTriggerRowOf, selectionOf } from './failure-groups';

const at = (hhmm: string) => `2026-11-20T${hhmm}:00.000Z`;

/** A FAILED row as the fleet snapshot lists it (GET /api/fleet/failures). */
const failed = (
  setupId: number,
  retailerId: number,
  stepName: string,
  message: string | null = null,
  time: string | null = null,
): FleetFailure => ({
  setupId,
  clientName: `client ${setupId}`,
  clientId: setupId + 5000,
  isNewClient: false,
  retailerId,
  retailerName: null,
  ismarketshareEnabled: false,
  stepName,
  message,
  failedAt: time === null ? null : at(time),
});

describe('failure message of a status payload', () => {
  it('reads the message of a JSON payload, top level or under error', () => {
    expect(failureMessageOf('{"state":"ERROR","message":"Crawler timed out"}')).toBe(
      'Crawler timed out',
    );
    expect(failureMessageOf('{"error":{"message":"quota exceeded"}}')).toBe('quota exceeded');
    expect(failureMessageOf('{"error":"bad token"}')).toBe('bad token');
  });

  it('takes a plain-text payload as the message, on one line and bounded', () => {
    expect(failureMessageOf('  connection\n reset  ')).toBe('connection reset');
    const long = failureMessageOf('x'.repeat(1000));
    expect(long).toHaveLength(300);
    expect(long?.endsWith('…')).toBe(true);
  });

  it('has no message for an empty payload or JSON without a message', () => {
    expect(failureMessageOf(null)).toBeNull();
    expect(failureMessageOf('   ')).toBeNull();
    expect(failureMessageOf('{"state":"ERROR","requestId":"r-1"}')).toBeNull();
    expect(failureMessageOf('[1,2]')).toBeNull();
  });
});

describe('failure board grouping', () => {
  it('groups FAILED rows by step, then by message, the most failing step first', () => {
    const groups = groupFailures([
      failed(1, 4, 'sti', 'STI rejected the taxonomy', '09:00'),
      failed(2, 4, 'crawling', 'Crawler timed out', '10:00'),
      failed(3, 4, 'crawling', 'Crawler timed out', '11:00'),
      failed(3, 7, 'crawling', 'Blocked by robots.txt', '08:00'),
    ]);
    expect(groups.map((g) => [g.stepName, g.count])).toEqual([
      ['crawling', 3],
      ['sti', 1],
    ]);
    const crawling = groups[0]!;
    expect(crawling.newest).toBe(at('11:00'));
    expect(crawling.messages.map((m) => [m.message, m.rows.length])).toEqual([
      ['Crawler timed out', 2],
      ['Blocked by robots.txt', 1],
    ]);
    // Newest failure first inside a group.
    expect(crawling.messages[0]!.rows.map((r) => r.row.setupId)).toEqual([3, 2]);
  });

  it('puts rows whose failure carries no message under no message, after the known times', () => {
    const groups = groupFailures([failed(1, 4, 'sti'), failed(2, 4, 'sti', 'Boom', '10:00')]);
    expect(groups[0]!.messages.map((m) => [m.message, m.rows[0]!.failedAt])).toEqual([
      ['Boom', at('10:00')],
      [null, null],
    ]);
  });

  it('counts a row once', () => {
    const groups = groupFailures([failed(1, 4, 'sti'), failed(1, 4, 'sti')]);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.count).toBe(1);
    expect(groups[0]!.messages[0]!.message).toBeNull();
  });

  it('dates a step by its newest failure, whichever message it carries', () => {
    const groups = groupFailures([
      failed(1, 4, 'sti', 'quota', '09:00'),
      failed(2, 4, 'sti', 'quota', '08:00'),
      failed(3, 4, 'sti', 'bad token', '11:00'),
    ]);
    expect(groups[0]!.messages.map((m) => m.message)).toEqual(['quota', 'bad token']);
    expect(groups[0]!.newest).toBe(at('11:00'));
  });

  it('puts the most failing step first even when another failed more recently', () => {
    const groups = groupFailures([
      failed(1, 4, 'sti', null, '09:00'),
      failed(2, 4, 'sti', null, '08:00'),
      failed(3, 4, 'crawling', null, '11:00'),
    ]);
    expect(groups.map((g) => g.stepName)).toEqual(['sti', 'crawling']);
  });

  it('puts the step that failed most recently first among steps that fail as often', () => {
    const groups = groupFailures([
      failed(1, 4, 'sti', null, '09:00'),
      failed(2, 4, 'crawling', null, '11:00'),
      failed(3, 4, 'analytics'),
    ]);
    expect(groups.map((g) => g.stepName)).toEqual(['crawling', 'sti', 'analytics']);
  });

  it('groups the failures whose step is not known together, under no step name', () => {
    const noStep = { ...failed(1, 4, 'sti', 'Boom', '10:00'), stepName: null };
    const groups = groupFailures([noStep, { ...noStep, setupId: 2 }]);
    expect(groups.map((g) => [g.stepName, g.count])).toEqual([['', 2]]);
  });

  it('is empty when nothing failed', () => {
    expect(groupFailures([])).toEqual([]);
  });
});

describe("a group's tick box", () => {
  const rows = [failed(1, 4, 'sti'), failed(2, 4, 'sti')].map((row) => ({
    row,
    message: null,
    failedAt: null,
  }));

  it('is ticked when every row of the group is selected, half-ticked when some are', () => {
    expect(selectionOf(rows, new Set(['1:4', '2:4']))).toEqual({
      checked: true,
      indeterminate: false,
    });
    expect(selectionOf(rows, new Set(['2:4', '9:9']))).toEqual({
      checked: false,
      indeterminate: true,
    });
    expect(selectionOf(rows, new Set(['9:9']))).toEqual({ checked: false, indeterminate: false });
  });
});

describe('the row a re-trigger from the board sends', () => {
  it("is the failure's own list row, FAILED at its step, with its client, prospect and ML flags", () => {
    const failure = {
      ...failed(7, 4, 'sti', 'quota', '10:00'),
      clientId: 9007,
      isNewClient: true,
      ismarketshareEnabled: true,
      retailerName: 'Amazon',
    };
    expect(reTriggerRowOf(failure)).toEqual({
      setupId: 7,
      clientName: 'client 7',
      clientId: 9007,
      retailerId: 4,
      retailerName: 'Amazon',
      isNewClient: true,
      ismarketshareEnabled: true,
      status: 'FAILED',
      stepName: 'sti',
    });
    // A row whose name the list left out stays without one (the preview looks it up).
    expect(reTriggerRowOf(failed(8, 4, 'sti')).retailerName).toBeUndefined();
  });
});
