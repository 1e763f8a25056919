import { describe, expect, it } from '@jest/globals';
import { fixtures } from '@onboarding/contracts/testing';
import { forecastText, slowText } from './forecast-words';

const forecast = fixtures.setupForecast;

const slow = (retailerId: number, stepName: string) => ({
  retailerId,
  stepName,
  elapsedMs: 600_000,
  p90Ms: 300_000,
});

describe('forecastText', () => {
  it('says Completed when the setup has no forecast left', () => {
    expect(forecastText(null)).toBe('Completed');
  });

  it('names the failed step of a failed setup', () => {
    expect(forecastText(forecast({ state: 'failed', failedStep: 'sti' }))).toBe(
      'Forecast: unknown — STI failed',
    );
    expect(forecastText(forecast({ state: 'failed', failedStep: 'catalog_sync' }))).toBe(
      'Forecast: unknown — Catalog Sync failed',
    );
  });

  it('says a step failed when a failed setup does not name it', () => {
    expect(forecastText(forecast({ state: 'failed' }))).toBe('Forecast: unknown — a step failed');
  });

  it('words a failed setup as failed even when steps ahead are not timed', () => {
    expect(
      forecastText(forecast({ state: 'failed', failedStep: 'sti', unmeasured: ['analytics'] })),
    ).toBe('Forecast: unknown — STI failed');
  });

  it('gives the time a running setup should go live by', () => {
    // In the browser's time zone: noon UTC on 20 Nov is 20 or 21 Nov in every zone there is.
    expect(forecastText(forecast({ liveBy: '2026-11-20T12:00:00.000Z' }))).toMatch(
      /^Forecast live by 2[01] Nov 2026, [0-9]{2}:[0-9]{2}$/,
    );
  });

  it('names the steps ahead that are not timed yet when there is no live-by time', () => {
    expect(forecastText(forecast({ unmeasured: ['analytics', 'catalog_sync'] }))).toBe(
      'Forecast: unknown — Analytics, Catalog Sync not timed yet',
    );
  });

  it('says only unknown when nothing explains the missing live-by time', () => {
    expect(forecastText(forecast())).toBe('Forecast: unknown');
  });
});

describe('slowText', () => {
  it('names each step running longer than its p90 once, in the order found', () => {
    const text = slowText(
      forecast({ slow: [slow(4, 'sti'), slow(31, 'sti'), slow(4, 'analytics')] }),
    );
    expect(text).toBe('Slow: STI, Analytics');
  });

  it('names a single slow step', () => {
    expect(slowText(forecast({ slow: [slow(4, 'crawling')] }))).toBe('Slow: Crawling');
  });

  it('says nothing when no step is slow or there is no forecast', () => {
    expect(slowText(forecast())).toBeNull();
    expect(slowText(null)).toBeNull();
  });
});
