import { describe, expect, it } from '@jest/globals';
import { llmOps, productRegisterOps, remOmniOps, sessionOps } from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { matchRoutes } from 'react-router-dom';
import { createQueryClient } from '@/lib/query-client';
import type { RouteHandle } from '@/lib/route-meta';
import { ROUTES, routePath, type RouteName } from '@/lib/routes';
import { envelope, FakeGateway } from '@test/fake-gateway';
import { renderApp } from '@test/render-app';
import { screenTestHooks } from '@test/screen-hooks';
import { buildRoutes } from './router';
import { matchScreen, sendScreenRequests } from './start-screen';
import { OPERATOR, signedInGateway } from '@test/signed-in';

screenTestHooks();

describe('the session guard', () => {
  it('sends a signed-out operator to login, remembering where they were going, without a data call', async () => {
    const signedOut = envelope(401, 'UNAUTHENTICATED', 'Sign in first');
    const gateway = new FakeGateway().on(sessionOps.config, signedOut);
    const app = renderApp('/rem_omni/details/7?tab=x', gateway);
    expect(
      await screen.findByRole('heading', { name: 'Sign in to your account' }),
    ).toBeInTheDocument();
    expect(app.location()).toBe('/login?returnTo=%2Frem_omni%2Fdetails%2F7%3Ftab%3Dx');
    // The details' first requests wait for the check, and are never sent.
    expect(gateway.requests.map((r) => r.op)).toEqual([sessionOps.config.id]);
  });

  it('checks the session again before every navigation', async () => {
    const gateway = signedInGateway();
    const app = renderApp('/rem_omni/see_all', gateway);
    await screen.findByRole('heading', { name: 'Setups' });
    const before = gateway.callsTo(sessionOps.config).length;
    await act(() => app.router.navigate('/performance-metric'));
    await screen.findByText('Performance Coming Soon!');
    expect(gateway.callsTo(sessionOps.config).length).toBe(before + 1);
  });

  it('returns the operator to login when the session ends mid-way (any call answering 401)', async () => {
    const gateway = signedInGateway().on(
      remOmniOps.allSetup,
      envelope(401, 'UNAUTHENTICATED', 'Session expired'),
    );
    const app = renderApp('/rem_omni/see_all?page=2', gateway);
    await screen.findByRole('heading', { name: 'Sign in to your account' });
    expect(app.location()).toBe('/login?returnTo=%2Frem_omni%2Fsee_all%3Fpage%3D2');
    expect(gateway.failedCalls()).toEqual([remOmniOps.allSetup.id]);
  });
});

describe('the setups list route', () => {
  it('asks allSetup once, for the page and search in the address', async () => {
    const gateway = signedInGateway().on(remOmniOps.allSetup, [
      fixtures.setupRow({ clientName: 'Acme Foods' }),
    ]);
    renderApp('/rem_omni/see_all?page=3&search=acme', gateway);
    expect(await screen.findByText('Acme Foods')).toBeInTheDocument();
    expect(gateway.callsTo(remOmniOps.allSetup).map((r) => r.body)).toEqual([
      { searchText: 'acme', limit: 20, offset: 40 },
    ]);
  });
});

describe("a screen's first requests", () => {
  const detailsGateway = () =>
    signedInGateway()
      .on(remOmniOps.setupDetails, fixtures.setupDetails())
      .on(remOmniOps.worflowData, { currentWorkflow: [], historyWorkflow: [] });

  it("asks for a setup's details, workflow and retailers once the session check answered, each once", async () => {
    const gateway = detailsGateway();
    const release = gateway.hold(sessionOps.config);
    renderApp('/rem_omni/details/31', gateway);
    await waitFor(() => expect(gateway.callsTo(sessionOps.config)).toHaveLength(1));
    expect(gateway.requests.map((r) => r.op)).toEqual([sessionOps.config.id]);
    release();
    for (const op of [remOmniOps.setupDetails, remOmniOps.worflowData, remOmniOps.getRetailers]) {
      await waitFor(() => expect(gateway.callsTo(op)).toHaveLength(1));
    }
    await screen.findByRole('heading', { name: 'Setup Details', level: 1 });
    await screen.findByText('Client Details');
    expect(gateway.callsTo(remOmniOps.setupDetails).map((r) => r.body)).toEqual([{ setupId: 31 }]);
    expect(gateway.callsTo(remOmniOps.worflowData)).toHaveLength(1);
    expect(gateway.callsTo(remOmniOps.getRetailers)).toHaveLength(1);
    expect(gateway.callsTo(sessionOps.config)).toHaveLength(1);
  });

  it.each([
    ['/product/see_all', productRegisterOps.productList],
    ['/llm_service/prompts', llmOps.getAll],
    ['/rem_omni/prospect', remOmniOps.getRetailers],
    ['/rem_omni/see_all', remOmniOps.allSetup],
  ])('asks for the first data of %s once the session check answered', async (path, op) => {
    const gateway = signedInGateway()
      .on(productRegisterOps.productList, { products: [] })
      .on(llmOps.getAll, []);
    const release = gateway.hold(sessionOps.config);
    renderApp(path, gateway);
    await waitFor(() => expect(gateway.callsTo(sessionOps.config)).toHaveLength(1));
    expect(gateway.callsTo(op)).toHaveLength(0);
    release();
    await waitFor(() => expect(gateway.callsTo(op)).toHaveLength(1));
  });

  it('sends nothing early for a malformed setup id', async () => {
    const gateway = detailsGateway();
    const release = gateway.hold(sessionOps.config);
    renderApp('/rem_omni/details/0x1f', gateway);
    await waitFor(() => expect(gateway.callsTo(sessionOps.config)).toHaveLength(1));
    expect(gateway.callsTo(remOmniOps.setupDetails)).toHaveLength(0);
    release();
  });

  it('sends no early request on later navigations: cached retailers are not asked for again', async () => {
    const gateway = detailsGateway();
    const app = renderApp('/rem_omni/see_all', gateway);
    await screen.findByRole('heading', { name: 'Setups' });
    await waitFor(() => expect(gateway.callsTo(remOmniOps.getRetailers)).toHaveLength(1));
    await act(() => app.router.navigate('/rem_omni/details/31'));
    await screen.findByRole('heading', { name: 'Setup Details', level: 1 });
    await waitFor(() => expect(gateway.callsTo(remOmniOps.worflowData)).toHaveLength(1));
    expect(gateway.callsTo(remOmniOps.getRetailers)).toHaveLength(1);
  });
});

describe("the page's entry", () => {
  const at = (path: string) => ({ href: `http://localhost${path}`, pathname: path });

  it("sends the session check and the screen's first requests before the app has loaded; the app takes them over", async () => {
    const gateway = signedInGateway()
      .on(remOmniOps.setupDetails, fixtures.setupDetails())
      .on(remOmniOps.worflowData, { currentWorkflow: [], historyWorkflow: [] })
      .install();
    sendScreenRequests(at('/rem_omni/details/31'));
    const first = [sessionOps.config, remOmniOps.setupDetails, remOmniOps.worflowData];
    for (const op of [...first, remOmniOps.getRetailers]) {
      await waitFor(() => expect(gateway.callsTo(op)).toHaveLength(1));
    }
    renderApp('/rem_omni/details/31', gateway);
    const client = await screen.findByRole('region', { name: 'Client Details' });
    expect(await within(client).findByRole('link', { name: 'acme foods' })).toBeInTheDocument();
    for (const op of [...first, remOmniOps.getRetailers]) {
      expect(gateway.callsTo(op)).toHaveLength(1);
    }
    expect(gateway.callsTo(remOmniOps.setupDetails).map((r) => r.body)).toEqual([{ setupId: 31 }]);
  });

  it('sends no data call for a signed-out operator: only the session check', async () => {
    const gateway = new FakeGateway()
      .on(sessionOps.config, envelope(401, 'UNAUTHENTICATED', 'Sign in first'))
      .install();
    sendScreenRequests(at('/rem_omni/details/31'));
    sendScreenRequests(at('/rem_omni/see_all'));
    await waitFor(() => expect(gateway.failedCalls()).toEqual([sessionOps.config.id]));
    renderApp('/rem_omni/see_all', gateway);
    await screen.findByRole('heading', { name: 'Sign in to your account' });
    expect(gateway.requests.map((r) => r.op)).toEqual([sessionOps.config.id]);
  });

  it('sends nothing for the login page or an address that names no screen', async () => {
    const gateway = signedInGateway().install();
    for (const path of ['/login', '/no/such/screen']) {
      sendScreenRequests(at(path));
    }
    await new Promise((r) => setTimeout(r, 20));
    expect(gateway.requests).toEqual([]);
  });

  it('names screens as the router does: a static segment first, any letter case, whole paths only', () => {
    expect(matchScreen('/llm_service/prompts/add')?.name).toBe('addPrompt');
    expect(matchScreen('/llm_service/prompts/add%20on')).toEqual({
      name: 'promptDetail',
      params: { id: 'add on' },
    });
    expect(matchScreen('/REM_OMNI/See_All/')?.name).toBe('remOmniSeeAll');
    expect(matchScreen('/rem_omni/details')).toBeNull();
    expect(matchScreen('/')).toBeNull();
    expect(matchScreen('/rem_omni/details/%E0%A4%A')).toBeNull();
  });
});

describe('redirects and unknown paths', () => {
  it('opens the setups list for the empty path', async () => {
    const app = renderApp('/', signedInGateway());
    await screen.findByRole('heading', { name: 'Setups' });
    expect(app.location()).toBe('/rem_omni/see_all');
  });

  it.each([
    '/category-analytics-setup/see-all',
    '/category-analytics-setup/add-new-crawling',
    '/category-analytics-setup/editSetup/12',
    '/category-analytics-setup/setup-details/12',
  ])('sends the old address %s to the setups list', async (path) => {
    const app = renderApp(path, signedInGateway());
    await screen.findByRole('heading', { name: 'Setups' });
    expect(app.location()).toBe('/rem_omni/see_all');
  });

  it('shows a not-found page for an unknown address', async () => {
    renderApp('/no/such/screen', signedInGateway());
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('shows Performance Coming Soon! on the performance screen', async () => {
    renderApp('/performance-metric', signedInGateway());
    expect(await screen.findByText('Performance Coming Soon!')).toBeInTheDocument();
  });

  it('binds every named route of the table to its own screen', () => {
    const routes = buildRoutes(createQueryClient());
    const samples: Record<RouteName, string> = {
      login: '/login',
      remOmniAddNew: '/rem_omni/select',
      remOmniSeeAll: '/rem_omni/see_all',
      remOmniProspect: '/rem_omni/prospect',
      remOmniClient: '/rem_omni/client',
      remOmniSetupDetail: '/rem_omni/details/12',
      remOmniEditSetup: '/rem_omni/editSetup/12',
      remOmniFailures: '/rem_omni/failures',
      remOmniHealth: '/rem_omni/health',
      ongoing: '/customer-setup/ongoing',
      completed: '/customer-setup/completed',
      addNew: '/customer-setup/add-new',
      edit: '/customer-setup/edit/4',
      performance: '/performance-metric',
      seeAllProduct: '/product/see_all',
      addProduct: '/product/register_product',
      editProduct: '/product/edit_product/3',
      stepDetails: '/product/3/step_detail',
      registerStep: '/product/3/register_step',
      editStep: '/product/3/edit_step/8',
      productSetupType: '/product/3/setup_type',
      productProspect: '/product/3/setup_type/prospect',
      productClient: '/product/3/setup_type/client',
      seeAllSetup: '/product/3/all_setup',
      productSetupDetail: '/product/3/details/5',
      productEditSetup: '/product/3/editSetup/5',
      productFailures: '/product/3/failures',
      productHealth: '/product/3/health',
      prompts: '/llm_service/prompts',
      addPrompt: '/llm_service/prompts/add',
      editPrompt: '/llm_service/prompts/edit/9',
      promptDetail: '/llm_service/prompts/9',
      searchVolume: '/search_volume',
    };
    for (const [name, path] of Object.entries(samples)) {
      const leaf = matchRoutes(routes, path)?.at(-1)?.route;
      expect({ path, route: (leaf?.handle as RouteHandle | undefined)?.route }).toEqual({
        path,
        route: name,
      });
      // The page's entry names the same screen from the address alone.
      expect({ path, route: matchScreen(path)?.name }).toEqual({ path, route: name });
    }
    expect(Object.keys(samples).sort()).toEqual(Object.keys(ROUTES).sort());
  });

  it('builds links from route names, never from literals', () => {
    expect(routePath('remOmniSetupDetail', { setupId: 42 })).toBe('/rem_omni/details/42');
    expect(routePath('editStep', { id: 3, stepId: 8 })).toBe('/product/3/edit_step/8');
    expect(routePath('remOmniSeeAll', undefined, { page: 2, search: 'acme foods' })).toBe(
      '/rem_omni/see_all?page=2&search=acme+foods',
    );
  });
});

describe('the shell', () => {
  it('shows the signed-in e-mail and the menu groups, all collapsed', async () => {
    renderApp('/rem_omni/see_all', signedInGateway());
    expect(await screen.findByText(OPERATOR)).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    for (const title of [
      'Category Leaderboard - Omnichannel',
      'Product Onboarding',
      'LLM Service',
      'Data Science',
    ]) {
      expect(within(menu).getByRole('button', { name: title })).toHaveAttribute(
        'aria-expanded',
        'false',
      );
    }
  });

  it('highlights the item of the current route only on an exact match, and navigates from the menu', async () => {
    const app = renderApp('/rem_omni/see_all', signedInGateway());
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    await app.user.click(
      within(menu).getByRole('button', { name: 'Category Leaderboard - Omnichannel' }),
    );
    expect(within(menu).getByRole('link', { name: 'See All' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await app.user.click(within(menu).getByRole('link', { name: 'New Setup' }));
    await waitFor(() =>
      expect(within(menu).getByRole('link', { name: 'New Setup' })).toHaveAttribute(
        'aria-current',
        'page',
      ),
    );
    expect(app.location()).toBe('/rem_omni/select');
    expect(within(menu).getByRole('link', { name: 'See All' })).not.toHaveAttribute('aria-current');
  });

  it('signs out and continues at the identity provider', async () => {
    const gateway = signedInGateway().on(sessionOps.logout, 'http://idp.test/session/end?x=1');
    const app = renderApp('/rem_omni/see_all', gateway);
    await app.user.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() =>
      expect(app.external.assign).toHaveBeenCalledWith('http://idp.test/session/end?x=1'),
    );
    expect(gateway.callsTo(sessionOps.logout)[0]?.body).toEqual({});
  });

  it('keeps the list screen working when only the retailer names fail', async () => {
    const gateway = signedInGateway()
      .on(remOmniOps.getRetailers, envelope(502, 'UPSTREAM_ERROR', 'down'))
      .on(remOmniOps.allSetup, [fixtures.setupRow({ retailerName: undefined, retailerId: 4 })]);
    renderApp('/rem_omni/see_all', gateway);
    expect(await screen.findByText('Retailer 4 (CL)')).toBeInTheDocument();
    expect(gateway.failedCalls()).toEqual([remOmniOps.getRetailers.id]);
  });
});
