import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import {
  metaOps,
  productRegisterOps,
  remOmniOps,
  watchOps,
  type WatchedSetup,
} from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import { act, screen, waitFor } from '@testing-library/react';
import { envelope, type FakeGateway } from '@test/fake-gateway';
import { renderApp } from '@test/render-app';
import { screenTestHooks } from '@test/screen-hooks';
import { signedInGateway } from '@test/signed-in';
import { FakeEventSource } from '@/lib/watch/testing/fake-event-source';

screenTestHooks();

const details = () =>
  fixtures.setupDetails({
    clientDetails: {
      clientName: 'acme foods',
      clientId: 5001,
      isNewClient: true,
      region: 'US',
      createdat: '2026-11-02T10:00:00.000Z',
      updatedat: '2026-11-03T10:00:00.000Z',
      setupId: 31,
    },
  });

/** The gateway's watched list, kept as the gateway keeps it (POST adds, DELETE removes). */
function withWatchList(gateway: FakeGateway, watched: WatchedSetup[] = []) {
  return gateway
    .on(watchOps.state, fixtures.watchState())
    .on(watchOps.watched, () => ({ watched: [...watched] }))
    .on(watchOps.watch, (req) => {
      watched.push(req.body as WatchedSetup);
      return { watched: [...watched] };
    })
    .on(watchOps.unwatch, (req) => {
      const id = Number(req.params.setupId);
      watched.splice(
        watched.findIndex((w) => w.setupId === id),
        1,
      );
      return { watched: [...watched] };
    });
}

const remOmniGateway = () =>
  withWatchList(
    signedInGateway()
      .on(remOmniOps.setupDetails, details())
      .on(remOmniOps.worflowData, { currentWorkflow: [], historyWorkflow: [] }),
  );

const productGateway = () =>
  withWatchList(
    signedInGateway()
      .on(metaOps.setupDetails, details())
      .on(metaOps.workflowData, { currentWorkflow: [], historyWorkflow: [] })
      .on(metaOps.browseNodes, fixtures.browseNodesResponse())
      .on(metaOps.getRetailers, { data: [] })
      .on(productRegisterOps.productDetails, {
        productDetails: fixtures.product({ productId: 12 }),
      })
      .on(productRegisterOps.stepList, { steps: [] }),
  );

const watchButton = () => screen.findByRole('button', { name: 'Watch' });

beforeEach(() => FakeEventSource.install());
afterEach(() => FakeEventSource.uninstall());

describe('Watch on a setup’s details', () => {
  it('watches the setup with one request however often pressed, and the watch then announces it going live', async () => {
    const gateway = remOmniGateway();
    const app = renderApp('/rem_omni/details/31', gateway);
    const button = await watchButton();
    await waitFor(() => expect(button).toBeEnabled());
    expect(button).toHaveAttribute('aria-pressed', 'false');

    await app.user.dblClick(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
    expect(gateway.bodiesOf(watchOps.watch)).toEqual([
      { flow: 'rem_omni', productId: null, setupId: 31 },
    ]);
    expect(
      screen.getByText('Watching: you will be told when this setup goes live.'),
    ).toBeInTheDocument();

    // The app bar's watch hears the setup go live.
    await screen.findByRole('button', { name: 'Failure watch, 0 unseen' });
    const stream = FakeEventSource.latest();
    act(() => {
      stream.state({ latest: 5, seen: 5 });
      stream.event(fixtures.watchLive({ sequence: 6, setupId: 31, clientName: 'acme foods' }));
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('acme foods (setup 31) is live.');

    await app.user.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'false'));
    expect(gateway.callsTo(watchOps.unwatch).map((r) => [r.params, r.query])).toEqual([
      [{ setupId: '31' }, { flow: 'rem_omni' }],
    ]);
  });

  it("on a product's setup, watches it under its product", async () => {
    const gateway = productGateway();
    const app = renderApp('/product/12/details/31', gateway);
    const button = await watchButton();
    await waitFor(() => expect(button).toBeEnabled());
    await app.user.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
    expect(gateway.bodiesOf(watchOps.watch)).toEqual([
      { flow: 'meta', productId: 12, setupId: 31 },
    ]);
    await app.user.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'false'));
    expect(gateway.callsTo(watchOps.unwatch).map((r) => r.query)).toEqual([
      { flow: 'meta', productId: '12' },
    ]);
  });

  it("says the gateway's reason when watching is refused, and stays unwatched", async () => {
    const message = 'You watch 200 setups, the most kept: stop watching one to watch another.';
    const gateway = remOmniGateway().on(
      watchOps.watch,
      envelope(409, 'VALIDATION_FAILED', message),
    );
    const app = renderApp('/rem_omni/details/31', gateway);
    const button = await watchButton();
    await waitFor(() => expect(button).toBeEnabled());
    await app.user.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(button).toHaveAttribute('aria-pressed', 'false');
  });
});
