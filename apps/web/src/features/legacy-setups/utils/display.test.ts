import { describe, expect, test } from '@jest/globals';
import { fixtures } from '@onboarding/contracts/testing';
import { parseRouteId } from '@/lib/route-id';
import {
  changedBy,
  dateText,
  isCompletedStatus,
  menuOpensUpward,
  moduleLabel,
  ongoingBody,
  pageCount,
  statusLabel,
} from './display';

describe('ongoing list', () => {
  test('pages of 20 from totalRecords on the first row', () => {
    expect(pageCount([fixtures.legacySetup({ totalRecords: 41 })])).toBe(3);
    expect(pageCount([fixtures.legacySetup({ totalRecords: 20 })])).toBe(1);
    expect(pageCount([])).toBe(1);
  });

  test('page n asks for 20 rows from offset 20 × (n − 1)', () => {
    expect(ongoingBody('acme', 1)).toEqual({ searchText: 'acme', limit: 20, offset: 0 });
    expect(ongoingBody('', 3)).toEqual({ searchText: '', limit: 20, offset: 40 });
  });

  test('the row menu opens upward only for clicks lower than 680 px from the top', () => {
    expect(menuOpensUpward(679)).toBe(false);
    expect(menuOpensUpward(680)).toBe(false);
    expect(menuOpensUpward(681)).toBe(true);
  });

  test('a completed setup is recognised whatever the case', () => {
    expect(isCompletedStatus('completed')).toBe(true);
    expect(isCompletedStatus('Completed')).toBe(true);
    expect(isCompletedStatus('onTrack')).toBe(false);
  });

  test('status shows the server name, else the known label, else the code', () => {
    expect(statusLabel('onTrack', [{ id: 'onTrack', name: 'On track (server)' }])).toBe(
      'On track (server)',
    );
    expect(statusLabel('delayed')).toBe('Delayed');
    expect(statusLabel('paused')).toBe('paused');
  });

  test('status shows the server name only for its own code', () => {
    const options = [{ id: 'onTrack', name: 'On track (server)' }];
    expect(statusLabel('delayed', options)).toBe('Delayed');
    expect(statusLabel('paused', options)).toBe('paused');
  });

  test('a module shows its known label, whatever name the server gives it', () => {
    expect(moduleLabel({ id: 'rra', name: 'Retail readiness' })).toBe('RRA');
    expect(moduleLabel({ id: 'marketInsight', name: 'marketInsight' })).toBe('Market Insights');
  });

  test('a date shows as saved, or a dash when there is none', () => {
    expect(dateText('2026-11-02')).toBe('2026-11-02');
    expect(dateText(null)).toBe('-');
    expect(dateText(undefined)).toBe('-');
    expect(dateText('')).toBe('-');
  });

  test('Updated/Created By shows the last editor, else the creator', () => {
    expect(changedBy({ updatedBy: 'b@x.com', createdBy: 'a@x.com' })).toBe('b@x.com');
    expect(changedBy({ updatedBy: null, createdBy: 'a@x.com' })).toBe('a@x.com');
    expect(changedBy({ updatedBy: null, createdBy: null })).toBe('-');
  });

  test('route setup ids are positive integers only', () => {
    expect(parseRouteId('12')).toBe(12);
    expect(parseRouteId('0')).toBeNull();
    expect(parseRouteId('1e3')).toBeNull();
    expect(parseRouteId(undefined)).toBeNull();
  });
});
