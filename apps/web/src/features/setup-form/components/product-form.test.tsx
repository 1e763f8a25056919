import { describe, expect, it } from '@jest/globals';
import { metaOps, todayUtc } from '@onboarding/contracts';
import { screen, waitFor } from '@testing-library/react';
import { searchNodes, tick } from '../testing/actions';
import type { FakeGateway } from '@test/fake-gateway';
import { renderRoutes } from '@test/render-routes';
import { screenTestHooks } from '@test/screen-hooks';
import { formGateway, ROUTES_UNDER_TEST, withStoredSetup } from '../testing/scenario';

let gateway: FakeGateway;
screenTestHooks();

const HINT =
  'If the schedule is not selected via this checkbox, there will only be a one-time delivery of the setup, and no recurring data refresh or update will occur.';

describe('the per-product setup form', () => {
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

  it('refuses an invalid schedule with the messages of spec §5', async () => {
    gateway = formGateway();
    const { user } = renderRoutes(ROUTES_UNDER_TEST, '/product/3/setup_type/client', gateway);
    await user.click(await screen.findByRole('combobox', { name: 'Select Client *' }));
    await user.click(await screen.findByRole('option', { name: 'Globex' }));
    await searchNodes(user, 'snacks');
    await tick(user, 'R4 Grocery > Snacks 1');
    await user.click(screen.getByRole('checkbox', { name: 'Enable Schedule' }));

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

  it('edits a scheduled setup: switching the schedule off removes it', async () => {
    gateway = withStoredSetup(formGateway(), true);
    const { user, path } = renderRoutes(ROUTES_UNDER_TEST, '/product/3/editSetup/77', gateway);
    const enable = await screen.findByRole('checkbox', { name: 'Enable Schedule' });
    expect(enable).toBeChecked();
    expect(screen.getByLabelText('Start Date')).toHaveValue('2026-01-07');
    expect(screen.queryByText('Invalid Date.')).toBeNull();
    await user.click(enable);
    await user.click(screen.getByRole('button', { name: 'Update Request' }));
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
});
