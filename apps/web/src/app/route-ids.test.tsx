import { describe, expect, it } from '@jest/globals';
import { sessionOps } from '@onboarding/contracts';
import { screen, waitFor } from '@testing-library/react';
import { matchPath } from 'react-router-dom';
import { ROUTES, type RouteName } from '@/lib/routes';
import { envelope, FakeGateway } from '@test/fake-gateway';
import { renderApp } from '@test/render-app';
import { screenTestHooks } from '@test/screen-hooks';
import { signedInGateway } from '@test/signed-in';
import { sendScreenRequests } from './start-screen';

screenTestHooks();

const BAD_IDS = {
  bad: '12abc',
  zero: '0',
  huge: '99999999999999999999',
  'non-numeric': 'abc',
  negative: '-3',
};

/** Every route with an id, once for each of its params made bad (the others a good id). */
const cases = (Object.entries(ROUTES) as [RouteName, { path: string }][]).flatMap(
  ([name, { path }]) => {
    const params = [...path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);
    return params.flatMap((param) =>
      Object.entries(BAD_IDS).map(([what, value]) => {
        const address = path.replace(/:([A-Za-z]+)/g, (_m, p: string) =>
          p === param ? value : '7',
        );
        return [name, param, what, address] as const;
      }),
    );
  },
);

describe('a route with a bad id', () => {
  // Derived from the route table, so a new route needs nothing here.
  it('covers every route with an id, each of its params made bad in turn', () => {
    const withIds = (Object.entries(ROUTES) as [RouteName, { path: string }][])
      .filter(([, { path }]) => path.includes(':'))
      .map(([name]) => name);
    expect(withIds.length).toBeGreaterThan(0);
    expect([...new Set(cases.map(([name]) => name))]).toEqual(withIds);
    for (const [name, param, what, address] of cases) {
      const params = matchPath(ROUTES[name].path, address)?.params;
      expect({ name, param, value: params?.[param] }).toEqual({
        name,
        param,
        value: BAD_IDS[what as keyof typeof BAD_IDS],
      });
    }
  });

  it.each(cases)(
    '%s with a %s %s id (%s) shows Page not found and sends no request but the session check',
    async (_name, _param, _what, address) => {
      const gateway = signedInGateway().install();
      // The page's entry first, as app/boot.ts runs it, then the app.
      sendScreenRequests({ href: `http://localhost${address}`, pathname: address });
      renderApp(address, gateway);
      expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
      expect(screen.getByText('There is no screen at this address.')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Go to Setups' })).toBeInTheDocument();
      expect(gateway.requests.map((r) => r.op)).toEqual([sessionOps.config.id]);
    },
  );

  it('sends a signed-out operator to sign in, not to not-found, still without a data call', async () => {
    const gateway = new FakeGateway().on(
      sessionOps.config,
      envelope(401, 'UNAUTHENTICATED', 'Sign in first'),
    );
    const app = renderApp('/product/0/details/5', gateway);
    await screen.findByRole('heading', { name: 'Sign in to your account' });
    expect(app.location()).toBe('/login?returnTo=%2Fproduct%2F0%2Fdetails%2F5');
    await waitFor(() => expect(gateway.requests.map((r) => r.op)).toEqual([sessionOps.config.id]));
  });
});
