import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { fleetOps, watchOps, type WatchedSetup } from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { envelope } from '@test/fake-gateway';
import { renderApp } from '@test/render-app';
import { screenTestHooks } from '@test/screen-hooks';
import { signedInGateway } from '@test/signed-in';
import { FakeEventSource } from '@/lib/watch/testing/fake-event-source';

screenTestHooks();

// A screen that asks nothing of its own: the app bar is what these tests look at.
const QUIET_SCREEN = '/performance-metric';

const failed = fixtures.watchFailed({ sequence: 6 });
const recovered = fixtures.watchRecovered({ sequence: 7, setupId: 103, clientName: 'cedar co' });
const live = fixtures.watchLive({ sequence: 8 });

function gatewayWith(watched: WatchedSetup[] = []) {
  return signedInGateway()
    .on(watchOps.watched, { watched })
    .on(watchOps.state, fixtures.watchState({ latest: 5, seen: 5 }))
    .on(watchOps.seen, (req) => ({ seen: (req.body as { sequence: number }).sequence }))
    .on(fleetOps.failures, fixtures.fleetFailures());
}

const bell = (unseen: number) =>
  screen.findByRole('button', { name: `Failure watch, ${unseen} unseen` });

/** The app with its bell loaded and its stream answered: where the operator stands (seen 5). */
async function openApp(gateway = gatewayWith(), path = QUIET_SCREEN) {
  const app = renderApp(path, gateway);
  await bell(0);
  await waitFor(() => expect(gateway.callsTo(watchOps.watched)).toHaveLength(1));
  const stream = FakeEventSource.latest();
  act(() => stream.state({ latest: 5, seen: 5 }));
  return { app, gateway, stream };
}

const liveRegion = () => document.querySelector('[aria-live="polite"][aria-atomic="true"]');

beforeEach(() => FakeEventSource.install());
afterEach(() => {
  FakeEventSource.uninstall();
  localStorage.clear();
});

describe('the failure watch bell', () => {
  it('names the unseen count, puts it before the tab title, and lists each event in words', async () => {
    const { app, stream } = await openApp();
    expect(FakeEventSource.opened).toHaveLength(1);
    act(() => {
      stream.event(failed);
      stream.event(recovered);
      stream.event(live);
    });
    const button = await bell(3);
    expect(document.title).toMatch(/^\(3\) Performance · Onboarding Console$/);

    await app.user.click(button);
    const panel = await screen.findByRole('dialog', { name: 'Failure watch' });
    const items = within(within(panel).getByRole('list', { name: 'Unseen events' })).getAllByRole(
      'listitem',
    );
    // Newest first.
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('acme foods is live: its retailer has completed'),
      expect.stringContaining('cedar co on Amazon no longer failed: running at STI'),
      expect.stringContaining('birch goods failed at STI on AmazonSTI job timed out'),
    ]);
    expect(
      within(items[2]!).getByRole('link', { name: 'Setup 102 · Category Leaderboard' }),
    ).toHaveAttribute('href', '/rem_omni/details/102');
    // Only a failure opens the failure board.
    expect(within(panel).getAllByRole('link', { name: 'Open in Failures' })).toHaveLength(1);
    expect(panel).not.toHaveTextContent('sti');
  });

  it("Open in Failures opens the failure board of the event's flow with its step's group", async () => {
    const { app, stream } = await openApp();
    act(() => {
      stream.event(failed);
      stream.event(
        fixtures.watchFailed({
          sequence: 7,
          productId: 12,
          flow: 'meta',
          stepName: 'catalog_sync',
        }),
      );
    });
    await app.user.click(await bell(2));
    const links = await screen.findAllByRole('link', { name: 'Open in Failures' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/product/12/failures?step=catalog_sync',
      '/rem_omni/failures?step=sti',
    ]);
    expect(screen.getByText('birch goods failed at Catalog Sync on Amazon')).toBeInTheDocument();
    await app.user.click(links[1]!);
    expect(await screen.findByRole('heading', { name: 'Failures', level: 1 })).toBeInTheDocument();
    expect(app.location()).toBe('/rem_omni/failures?step=sti');
    expect(screen.queryByRole('dialog', { name: 'Failure watch' })).toBeNull();
  });

  it('Open in Failures on the failure board itself opens and focuses the group', async () => {
    Element.prototype.scrollIntoView = jest.fn();
    try {
      const { app, stream } = await openApp(gatewayWith(), '/rem_omni/failures');
      const group = await screen.findByRole('button', { name: 'STI' });
      expect(group).toHaveAttribute('aria-expanded', 'false');
      act(() => stream.event(failed));
      await app.user.click(await bell(1));
      await app.user.click(await screen.findByRole('link', { name: 'Open in Failures' }));
      await waitFor(() => expect(group).toHaveFocus());
      expect(group).toHaveAttribute('aria-expanded', 'true');
      expect(app.location()).toBe('/rem_omni/failures?step=sti');
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });

  it('Mark all as seen stores the newest event once, however often pressed, and clears the count', async () => {
    const { app, gateway, stream } = await openApp();
    act(() => {
      stream.event(failed);
      stream.event(live);
    });
    await app.user.click(await bell(2));
    const mark = await screen.findByRole('button', { name: 'Mark all as seen' });
    await app.user.dblClick(mark);
    expect(
      await screen.findByText('Nothing new since you last marked all as seen.'),
    ).toBeInTheDocument();
    expect(mark).toHaveAttribute('aria-disabled', 'true');
    expect(mark).toHaveFocus();
    expect(gateway.bodiesOf(watchOps.seen)).toEqual([{ sequence: 8 }]);
    expect(document.title).toBe('Performance · Onboarding Console');
    await app.user.keyboard('{Escape}');
    expect(await bell(0)).toHaveFocus();
  });

  it('announces each new failure politely, and a watched setup going live with a message too', async () => {
    const { stream } = await openApp(
      gatewayWith([{ flow: 'rem_omni', productId: null, setupId: 101 }]),
    );
    // Replayed from before the tab listened: listed, not announced.
    act(() => stream.event(fixtures.watchFailed({ sequence: 4, setupId: 99 })));
    act(() => stream.event(failed));
    await waitFor(() =>
      expect(liveRegion()).toHaveTextContent('New failure: birch goods failed at STI on Amazon.'),
    );
    act(() => {
      // Not watched: listed only.
      stream.event(fixtures.watchLive({ sequence: 7, setupId: 555, clientName: 'elm ltd' }));
      stream.event(live);
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('acme foods (setup 101) is live.');
    await waitFor(() =>
      expect(liveRegion()).toHaveTextContent('Watched setup live: acme foods (setup 101) is live.'),
    );
    expect(liveRegion()).not.toHaveTextContent('elm ltd');
  });

  it('a stream refused when the session has ended leads to sign-in, and is not opened again', async () => {
    const { gateway, stream } = await openApp();
    gateway.on(watchOps.state, envelope(401, 'UNAUTHENTICATED', 'Sign in'));
    act(() => stream.refuse());
    expect(await screen.findByText('Your session ended — sign in again')).toBeInTheDocument();
    expect(FakeEventSource.live()).toHaveLength(0);
    expect(FakeEventSource.opened).toHaveLength(1);
  });
});

describe('browser notifications', () => {
  const shown: { title: string; body?: string; tag?: string }[] = [];
  const requestPermission = jest.fn<() => Promise<NotificationPermission>>();
  class FakeNotification {
    static permission: NotificationPermission = 'default';
    static requestPermission = requestPermission;
    onclick: (() => void) | null = null;
    constructor(title: string, options: NotificationOptions = {}) {
      shown.push({ title, body: options.body, tag: options.tag });
    }
    close() {}
  }

  beforeEach(() => {
    shown.length = 0;
    FakeNotification.permission = 'default';
    requestPermission.mockReset();
    requestPermission.mockImplementation(() => {
      FakeNotification.permission = 'granted';
      return Promise.resolve('granted');
    });
    (globalThis as { Notification?: unknown }).Notification = FakeNotification;
  });
  afterEach(() => {
    delete (globalThis as { Notification?: unknown }).Notification;
  });

  const notificationSwitch = () => screen.findByRole('switch', { name: 'Browser notifications' });

  it("asks the browser's permission only when switched on, remembers it, and notifies each new failure", async () => {
    const { app, stream } = await openApp();
    await app.user.click(await bell(0));
    const toggle = await notificationSwitch();
    expect(toggle).not.toBeChecked();
    expect(requestPermission).not.toHaveBeenCalled();

    await app.user.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('onboarding.watch.notifications')).toBe('on');

    act(() => stream.event(failed));
    await waitFor(() =>
      expect(shown).toEqual([
        {
          title: 'Setup failed: birch goods',
          body: 'STI job timed out',
          tag: 'onboarding-watch-6',
        },
      ]),
    );

    await app.user.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(localStorage.getItem('onboarding.watch.notifications')).toBeNull();
    await app.user.keyboard('{Escape}');
    act(() => stream.event(fixtures.watchFailed({ sequence: 7 })));
    await bell(2);
    expect(shown).toHaveLength(1);
  });

  it('says so when the browser blocks them', async () => {
    requestPermission.mockImplementation(() => {
      FakeNotification.permission = 'denied';
      return Promise.resolve('denied');
    });
    const { app } = await openApp();
    await app.user.click(await bell(0));
    await app.user.click(await notificationSwitch());
    expect(
      await screen.findByText(/This browser blocks notifications from the console/),
    ).toBeInTheDocument();
    expect(await notificationSwitch()).not.toBeChecked();
  });
});
