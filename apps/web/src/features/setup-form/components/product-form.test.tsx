import { describe, expect, it } from '@jest/globals';
import { metaOps, nowUtcTime, productRegisterOps, todayUtc } from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { searchNodes, tick, updateAndConfirm } from '../testing/actions';
import { envelope, failure, type FakeGateway } from '@test/fake-gateway';
import { renderRoutes } from '@test/render-routes';
import { screenTestHooks } from '@test/screen-hooks';
import { formGateway, ROUTES_UNDER_TEST, withStoredSetup } from '../testing/scenario';

let gateway: FakeGateway;
screenTestHooks();

const HINT =
  'If the schedule is not selected via this checkbox, there will only be a one-time delivery of the setup, and no recurring data refresh or update will occur.';

/** The form for Globex with one node and the schedule switched on. */
async function openWithSchedule() {
  const view = renderRoutes(ROUTES_UNDER_TEST, '/product/3/setup_type/client', gateway);
  const { user } = view;
  await user.click(await screen.findByRole('combobox', { name: 'Select Client *' }));
  await user.click(await screen.findByRole('option', { name: 'Globex' }));
  await searchNodes(user, 'snacks');
  await tick(user, 'R4 Grocery > Snacks 1');
  await user.click(screen.getByRole('checkbox', { name: 'Enable Schedule' }));
  return view;
}

describe('the per-product setup form', () => {
  it('names its product and starts with the retailer the product is for, not Amazon', async () => {
    gateway = formGateway().on(productRegisterOps.productDetails, {
      productDetails: fixtures.product({
        productId: 3,
        productName: 'Retail Media Insights',
        productPath: '/retail-media/walmart/campaigns',
      }),
    });
    renderRoutes(ROUTES_UNDER_TEST, '/product/3/setup_type/prospect', gateway);
    expect(await screen.findByText('Product: Retail Media Insights')).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'Walmart' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Amazon' })).not.toBeChecked();
  });

  it('uses the product’s retailers and existence check and sends the schedule', async () => {
    gateway = formGateway();
    const { user, path } = renderRoutes(ROUTES_UNDER_TEST, '/product/3/setup_type/client', gateway);
    expect(await screen.findByText(HINT)).toBeInTheDocument();
    expect(gateway.requests.find((r) => r.op === metaOps.getRetailers.id)?.query).toEqual({
      productId: '3',
    });
    await user.click(screen.getByRole('combobox', { name: 'Select Client *' }));
    await user.click(await screen.findByRole('option', { name: 'Globex' }));
    await waitFor(() =>
      expect(gateway.bodiesOf(metaOps.isClientExists)).toEqual([
        { clientName: 'globex', productId: 3 },
      ]),
    );
    await searchNodes(user, 'snacks');
    await tick(user, 'R4 Grocery > Snacks 1');

    await user.click(screen.getByRole('checkbox', { name: 'Enable Schedule' }));
    expect(screen.getByLabelText('Start Date')).toHaveValue(todayUtc());
    expect(screen.getByLabelText('Start Time (UTC)')).toHaveValue('05:30');
    expect(screen.getByTestId('schedule-summary')).toHaveTextContent(
      `Every week on Wednesday at 05:30 UTC, starting ${todayUtc()}`,
    );
    expect(screen.getByRole('table', { name: 'Next runs' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'FR' }));

    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    await waitFor(() => expect(path()).toBe('/product/3/all_setup'));
    expect(gateway.bodiesOf(metaOps.addSetup)).toEqual([
      {
        productId: 3,
        data: [
          {
            retailerId: 4,
            browseNodes: [{ parent_id: 4000, id: 4000 }],
            nodeDetails: ['tx-4000'],
            isNewClient: false,
            clientName: 'globex',
            clientId: 5002,
            brands: [],
            isMarketShareEnabled: false,
            isScheduled: true,
            schedule: {
              freq: 'WEEKLY',
              interval: 1,
              byweekday: ['WE', 'FR'],
              startTime: '05:30',
              startDate: todayUtc(),
            },
          },
        ],
      },
    ]);
  });

  it('refuses an invalid schedule with the messages of docs/requirements.md#setup-form-schedule', async () => {
    gateway = formGateway();
    const { user } = await openWithSchedule();

    await user.clear(screen.getByLabelText('Interval (weeks)'));
    await user.type(screen.getByLabelText('Interval (weeks)'), '0');
    expect(screen.getByText('Invalid Input.')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'ON DATE' }));
    expect(screen.getByText('End Date is required.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('End Date'), '2020-01-01');
    expect(screen.getByText('Invalid Date.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText('Invalid Input. Please verify.')).toBeInTheDocument();
    expect(gateway.bodiesOf(metaOps.addSetup)).toEqual([]);
  });

  it('refuses an interval over the 52 weeks the gateway takes, under the field', async () => {
    gateway = formGateway();
    const { user } = await openWithSchedule();

    const interval = screen.getByLabelText('Interval (weeks)');
    await user.clear(interval);
    await user.type(interval, '52');
    expect(interval).not.toHaveAccessibleDescription('Invalid Input.');
    await user.type(interval, '{Backspace}3');
    expect(interval).toHaveAccessibleDescription('Invalid Input.');
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText('Invalid Input. Please verify.')).toBeInTheDocument();
    expect(gateway.bodiesOf(metaOps.addSetup)).toEqual([]);
  });

  it('offers now (UTC) beside the 05:30 default start time', async () => {
    gateway = formGateway();
    const { user, path } = await openWithSchedule();
    const startTime = screen.getByLabelText('Start Time (UTC)');
    expect(startTime).toHaveValue('05:30');

    const choices = screen.getByRole('group', { name: 'Start time (UTC):' });
    const before = nowUtcTime();
    await user.click(within(choices).getByRole('button', { name: 'now (UTC)' }));
    const after = nowUtcTime();
    expect([before, after]).toContain((startTime as HTMLInputElement).value);
    await user.click(within(choices).getByRole('button', { name: '05:30 (default)' }));
    expect(startTime).toHaveValue('05:30');
    await user.click(within(choices).getByRole('button', { name: 'now (UTC)' }));
    const picked = (startTime as HTMLInputElement).value;

    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    await waitFor(() => expect(path()).toBe('/product/3/all_setup'));
    const [body] = gateway.bodiesOf(metaOps.addSetup) as [
      { data: { schedule: { startTime: string } }[] },
    ];
    expect(body.data[0]?.schedule.startTime).toBe(picked);
  });

  it('edits a scheduled setup: switching the schedule off removes it', async () => {
    gateway = withStoredSetup(formGateway(), true);
    const { user, path } = renderRoutes(ROUTES_UNDER_TEST, '/product/3/editSetup/77', gateway);
    const enable = await screen.findByRole('checkbox', { name: 'Enable Schedule' });
    expect(enable).toBeChecked();
    expect(screen.getByLabelText('Start Date')).toHaveValue('2026-01-07');
    expect(screen.queryByText('Invalid Date.')).toBeNull();
    await user.click(enable);
    await updateAndConfirm(user);
    await waitFor(() => expect(path()).toBe('/product/3/all_setup'));
    const [body] = gateway.bodiesOf(metaOps.updateSetup) as [
      { productId: number; data: Record<string, unknown>[] },
    ];
    expect(body.productId).toBe(3);
    expect(
      body.data.map((i) => [i.retailerId, i.isScheduleRemove, i.isScheduleUpdate, i.schedule]),
    ).toEqual([
      [4, true, false, null],
      [31, true, false, null],
    ]);
  });

  it("notifies the error message when the product's retailers cannot be loaded", async () => {
    gateway = formGateway().on(
      metaOps.getRetailers,
      envelope(502, 'UPSTREAM_ERROR', 'Retailer service is down'),
    );
    renderRoutes(ROUTES_UNDER_TEST, '/product/3/setup_type/client', gateway);
    const message = await screen.findByText('Retailer service is down');
    expect(message.closest('.MuiSnackbar-root')).not.toBeNull();
    expect(screen.getByText('The retailers could not be loaded.')).toBeInTheDocument();
    expect(
      screen.queryByText('Something went wrong while getting retailer information !!'),
    ).not.toBeInTheDocument();
  });

  it('notifies the error message when the setup to edit cannot be loaded, and offers a Retry', async () => {
    gateway = withStoredSetup(formGateway(), true).fail(
      metaOps.setupDetails,
      envelope(502, 'UPSTREAM_ERROR', 'Setup service is down'),
    );
    const { user } = renderRoutes(ROUTES_UNDER_TEST, '/product/3/editSetup/77', gateway);
    const message = await screen.findByText('Setup service is down');
    expect(message.closest('.MuiSnackbar-root')).not.toBeNull();
    expect(screen.getByText('The setup could not be loaded.')).toBeInTheDocument();
    expect(screen.queryByText('Something Went Wrong !!')).not.toBeInTheDocument();
    gateway.heal(metaOps.setupDetails);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Edit Setup' })).toBeInTheDocument();
    expect(gateway.failedCalls()).toEqual([metaOps.setupDetails.id]);
  });
  it('says a product that does not exist does not exist, ticks no retailer and asks nothing else for it', async () => {
    gateway = withStoredSetup(formGateway()).on(
      productRegisterOps.productDetails,
      failure(404, 'Product 999999 does not exist'),
    );
    for (const path of ['/product/999999/setup_type/prospect', '/product/999999/editSetup/77']) {
      renderRoutes(ROUTES_UNDER_TEST, path, gateway);
      expect(await screen.findByText('This product does not exist.')).toBeVisible();
      expect(screen.queryByRole('checkbox', { name: 'Amazon' })).toBeNull();
      expect(screen.queryByRole('button', { name: /Submit Request|Update/ })).toBeNull();
      // Said in place: no notification repeats the upstream's message.
      expect(screen.queryByText('Product 999999 does not exist')).toBeNull();
      cleanup();
    }
    expect(gateway.requests.map((r) => r.op)).toEqual([
      productRegisterOps.productDetails.id,
      productRegisterOps.productDetails.id,
    ]);
  });
});
