import { describe, expect, it } from '@jest/globals';
import { fixtures } from '@onboarding/contracts/testing';
import {
  announcementOf,
  bellName,
  detailsPathOf,
  failureReason,
  failuresPathOf,
  joinAnnouncements,
  watchEventSetup,
  watchEventTitle,
} from './watch-words';

/** A product's flow: product 7, setup 45. */
const ofProduct = { flow: 'meta', productId: 7, setupId: 45 } as const;

describe("a failure watch event's line", () => {
  it('says who failed at which step on which retailer', () => {
    expect(watchEventTitle(fixtures.watchFailed())).toBe('birch goods failed at STI on Amazon');
  });

  it("names a product's step by its label, never its key", () => {
    const event = fixtures.watchFailed({ ...ofProduct, stepName: 'catalog_sync' });
    expect(watchEventTitle(event)).toBe('birch goods failed at Catalog Sync on Amazon');
  });

  it('names a step it does not know and a retailer the list does not name', () => {
    const event = fixtures.watchFailed({ stepName: null, retailerId: 31, retailerName: null });
    expect(watchEventTitle(event)).toBe('birch goods failed at an unknown step on retailer 31');
    const unnamed = fixtures.watchFailed({ stepName: null, retailerId: 31, retailerName: '' });
    expect(watchEventTitle(unnamed)).toBe('birch goods failed at an unknown step on retailer 31');
  });

  it('says a recovered row no longer failed, with its status in words and its step', () => {
    expect(watchEventTitle(fixtures.watchRecovered())).toBe(
      'birch goods on Amazon no longer failed: running at STI',
    );
    expect(
      watchEventTitle(fixtures.watchRecovered({ status: 'NOT_YET_STARTED', stepName: 'sov_wf' })),
    ).toBe('birch goods on Amazon no longer failed: not yet started at Share of Voice WF');
  });

  it('leaves the step out of a recovery at no step, and names an unnamed retailer by id', () => {
    const event = fixtures.watchRecovered({
      status: 'COMPLETED',
      stepName: null,
      retailerName: null,
    });
    expect(watchEventTitle(event)).toBe('birch goods on retailer 4 no longer failed: completed');
  });

  it('says a setup went live, on its one retailer or on all of them', () => {
    expect(watchEventTitle(fixtures.watchLive())).toBe(
      'acme foods is live: its retailer has completed',
    );
    expect(watchEventTitle(fixtures.watchLive({ retailers: 2 }))).toBe(
      'acme foods is live: all 2 retailers have completed',
    );
  });
});

describe("a failure's reason", () => {
  it('is the message its workflow gave', () => {
    expect(failureReason(fixtures.watchFailed())).toBe('STI job timed out');
  });

  it('says there is none when the workflow gave none, or only blanks', () => {
    expect(failureReason(fixtures.watchFailed({ reason: null }))).toBe('No failure message');
    expect(failureReason(fixtures.watchFailed({ reason: '' }))).toBe('No failure message');
    expect(failureReason(fixtures.watchFailed({ reason: ' \n' }))).toBe('No failure message');
    expect(failureReason(fixtures.watchFailed({ reason: ' timed out ' }))).toBe(' timed out ');
  });
});

describe("an event's setup and its links", () => {
  it('names the setup and its flow', () => {
    expect(watchEventSetup(fixtures.watchLive())).toBe('Setup 101 · Category Leaderboard');
    expect(watchEventSetup(fixtures.watchFailed(ofProduct))).toBe('Setup 45 · product 7');
  });

  it("opens the flow's failure board at the failed step's group", () => {
    expect(failuresPathOf(fixtures.watchFailed())).toBe('/rem_omni/failures?step=sti');
    expect(failuresPathOf(fixtures.watchFailed({ ...ofProduct, stepName: 'catalog_sync' }))).toBe(
      '/product/7/failures?step=catalog_sync',
    );
  });

  it('opens the failure board with no group when the step is not known', () => {
    expect(failuresPathOf(fixtures.watchFailed({ stepName: null }))).toBe('/rem_omni/failures');
    expect(failuresPathOf(fixtures.watchFailed({ ...ofProduct, stepName: null }))).toBe(
      '/product/7/failures',
    );
  });

  it("opens the setup's details in its flow", () => {
    expect(detailsPathOf(fixtures.watchRecovered())).toBe('/rem_omni/details/102');
    expect(detailsPathOf(fixtures.watchLive(ofProduct))).toBe('/product/7/details/45');
  });
});

describe('what the live region says of a new event', () => {
  it('says each new failure', () => {
    const event = fixtures.watchFailed();
    const said = 'New failure: birch goods failed at STI on Amazon.';
    expect(announcementOf(event, false)).toBe(said);
    expect(announcementOf(event, true)).toBe(said);
  });

  it('says a setup went live only when the operator watches it', () => {
    expect(announcementOf(fixtures.watchLive(), true)).toBe(
      'Watched setup live: acme foods (setup 101) is live.',
    );
    expect(announcementOf(fixtures.watchLive(), false)).toBeNull();
  });

  it('says nothing of a recovery', () => {
    expect(announcementOf(fixtures.watchRecovered(), false)).toBeNull();
    expect(announcementOf(fixtures.watchRecovered(), true)).toBeNull();
  });

  it('says up to three at once in full, and how many more past them', () => {
    expect(joinAnnouncements([])).toBe('');
    expect(joinAnnouncements(['One.'])).toBe('One.');
    expect(joinAnnouncements(['One.', 'Two.', 'Three.'])).toBe('One. Two. Three.');
    expect(joinAnnouncements(['One.', 'Two.', 'Three.', 'Four.'])).toBe(
      'One. Two. Three. And 1 more.',
    );
    expect(joinAnnouncements(['One.', 'Two.', 'Three.', 'Four.', 'Five.', 'Six.'])).toBe(
      'One. Two. Three. And 3 more.',
    );
  });
});

describe("the bell's name", () => {
  it('counts the unseen events for screen readers', () => {
    expect(bellName(3)).toBe('Failure watch, 3 unseen');
    expect(bellName(0)).toBe('Failure watch, 0 unseen');
  });
});
