import { describe, expect, it } from '@jest/globals';
import type { FleetSetups, SetupForecast } from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import { forecastLines } from './forecast-text';

// Built from local clock fields, so the operator's time zone shows 14:30 wherever the test runs.
const LIVE_BY = new Date(2026, 10, 26, 14, 30).toISOString();

const HOUR = 3_600_000;
const MINUTE = 60_000;

const forecast = fixtures.setupForecast;

/** fleet.setups holding setup 101 with this forecast (null: it has completed). */
function answerWith(setupForecast: SetupForecast | null, fields: Partial<FleetSetups> = {}) {
  const base = fixtures.fleetSetups();
  return fixtures.fleetSetups({
    setups: base.setups.map((s) => ({ ...s, forecast: setupForecast })),
    ...fields,
  });
}

describe("a setup's forecast lines", () => {
  it('says when the setup should go live', () => {
    expect(forecastLines(answerWith(forecast({ liveBy: LIVE_BY })), 101, false)).toEqual([
      { text: 'Forecast live by 26 Nov 2026, 14:30', kind: 'forecast' },
    ]);
  });

  it('names the steps not timed yet when no live-by time can be worked out', () => {
    const answer = answerWith(forecast({ unmeasured: ['sti', 'catalog_sync'] }));
    expect(forecastLines(answer, 101, false)).toEqual([
      { text: 'Forecast: unknown — STI, Catalog Sync not timed yet', kind: 'forecast' },
    ]);
    const one = answerWith(forecast({ unmeasured: ['sti'] }));
    expect(forecastLines(one, 101, false)[0]?.text).toBe('Forecast: unknown — STI not timed yet');
  });

  it('prefers the live-by time to the steps not timed', () => {
    const answer = answerWith(forecast({ liveBy: LIVE_BY, unmeasured: ['sti'] }));
    expect(forecastLines(answer, 101, false).map((l) => l.text)).toEqual([
      'Forecast live by 26 Nov 2026, 14:30',
    ]);
  });

  it('says only unknown when neither a time nor an untimed step is known', () => {
    expect(forecastLines(answerWith(forecast()), 101, false)).toEqual([
      { text: 'Forecast: unknown', kind: 'forecast' },
    ]);
  });

  it('names the failed step of a failed setup, or says a step failed', () => {
    const failed = (failedStep: string | null) =>
      forecastLines(answerWith(forecast({ state: 'failed', failedStep })), 101, false);
    expect(failed('sti')).toEqual([{ text: 'Forecast: unknown — STI failed', kind: 'forecast' }]);
    expect(failed('catalog_sync')[0]?.text).toBe('Forecast: unknown — Catalog Sync failed');
    expect(failed(null)[0]?.text).toBe('Forecast: unknown — a step failed');
  });

  it('warns of each slow step once, with its longest run among the retailers', () => {
    const answer = answerWith(
      forecast({
        liveBy: LIVE_BY,
        slow: [
          { retailerId: 4, stepName: 'sti', elapsedMs: 2 * HOUR, p90Ms: HOUR },
          { retailerId: 7, stepName: 'crawling', elapsedMs: 45 * MINUTE, p90Ms: 20 * MINUTE },
          { retailerId: 7, stepName: 'sti', elapsedMs: 3 * HOUR + 10 * MINUTE, p90Ms: HOUR },
          { retailerId: 9, stepName: 'sti', elapsedMs: 90 * MINUTE, p90Ms: HOUR },
        ],
      }),
    );
    expect(forecastLines(answer, 101, false)).toEqual([
      { text: 'Forecast live by 26 Nov 2026, 14:30', kind: 'forecast' },
      { text: 'Slow: STI (running 3 h 10 min, usually under 1 h)', kind: 'slow' },
      { text: 'Slow: Crawling (running 45 min, usually under 20 min)', kind: 'slow' },
    ]);
  });

  it("shows a failed setup's failure alone, without its slow steps", () => {
    const answer = answerWith(
      forecast({
        state: 'failed',
        failedStep: 'sti',
        slow: [{ retailerId: 4, stepName: 'crawling', elapsedMs: 2 * HOUR, p90Ms: HOUR }],
      }),
    );
    expect(forecastLines(answer, 101, false).map((l) => l.text)).toEqual([
      'Forecast: unknown — STI failed',
    ]);
  });

  it('still forecasts from a stale snapshot', () => {
    const answer = answerWith(forecast({ liveBy: LIVE_BY }), { state: 'stale' });
    expect(forecastLines(answer, 101, false)).toHaveLength(1);
  });
});

describe('when a setup has no forecast to show', () => {
  it('shows nothing before an answer, once the setup completed, or without a snapshot', () => {
    const running = answerWith(forecast({ liveBy: LIVE_BY }));
    expect(forecastLines(undefined, 101, false)).toEqual([]);
    expect(forecastLines(running, 101, true)).toEqual([]);
    expect(forecastLines({ ...running, state: 'unavailable' }, 101, false)).toEqual([]);
  });

  it('shows nothing for a held setup without a forecast (every retailer done)', () => {
    expect(forecastLines(answerWith(null), 101, false)).toEqual([]);
  });

  it('says the forecast is being worked out while the first snapshot is read', () => {
    const building = answerWith(forecast({ liveBy: LIVE_BY }), { state: 'building' });
    expect(forecastLines(building, 101, false)).toEqual([
      { text: 'Forecast: being worked out', kind: 'pending' },
    ]);
  });

  it('says it is being worked out for a setup the snapshot has not read yet', () => {
    const answer = answerWith(forecast({ liveBy: LIVE_BY }), { missing: [102] });
    expect(forecastLines(answer, 102, false)).toEqual([
      { text: 'Forecast: being worked out', kind: 'pending' },
    ]);
    expect(forecastLines(answer, 101, false)[0]?.kind).toBe('forecast');
  });

  it('shows nothing for a setup neither held nor missing from the answer', () => {
    expect(forecastLines(answerWith(forecast({ liveBy: LIVE_BY })), 103, false)).toEqual([]);
  });
});
