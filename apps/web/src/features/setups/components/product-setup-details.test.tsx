import { describe, expect, it } from '@jest/globals';
import { metaOps, productRegisterOps, type WorkflowEntry } from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { envelope } from '@test/fake-gateway';
import { renderApp } from '@test/render-app';
import { screenTestHooks } from '@test/screen-hooks';
import { DASHBOARD, signedInGateway } from '@test/signed-in';

screenTestHooks();

const MINUTE = 60_000;
const ago = (minutes: number) => new Date(Date.now() - minutes * MINUTE).toISOString();

const entry = (stepName: string, status: string, updatedat: string): WorkflowEntry =>
  fixtures.workflowEntry({ stepName, status, retailerId: 4, updatedat });

function gatewayWith(
  current: WorkflowEntry[],
  { scheduled = true, history = [] as WorkflowEntry[] } = {},
) {
  return signedInGateway()
    .on(
      metaOps.setupDetails,
      fixtures.setupDetails({
        clientDetails: {
          clientName: 'acme foods',
          clientId: 5001,
          isNewClient: true,
          region: 'US',
          createdat: '2026-11-02T10:00:00.000Z',
          updatedat: '2026-11-03T10:00:00.000Z',
          setupId: 31,
          scheduled,
        },
        retailers: [{ retailerId: 4, retailerName: 'Amazon' }],
        scheduleDetails: scheduled
          ? [{ schedule: fixtures.schedule(), rruleText: 'every week on Wednesday at 05:30 UTC' }]
          : [],
      }),
    )
    .on(metaOps.workflowData, { currentWorkflow: current, historyWorkflow: history })
    .on(metaOps.browseNodes, fixtures.browseNodesResponse())
    .on(metaOps.getRetailers, {
      data: [fixtures.retailerGroup({ data: [{ retailerId: 4, retailerName: 'Amazon' }] })],
    })
    .on(productRegisterOps.productDetails, {
      productDetails: fixtures.product({ productId: 3, productPath: '/dashboard/amazon/sov' }),
    })
    .on(productRegisterOps.stepList, {
      steps: [
        fixtures.step({
          stepId: 1,
          productId: 3,
          stepName: 'crawl',
          stepOrder: 1,
          expectedExecutionTime: 30,
        }),
        fixtures.step({
          stepId: 2,
          productId: 3,
          stepName: 'publish',
          stepOrder: 2,
          expectedExecutionTime: 60,
        }),
      ],
    });
}

async function openDetails(gateway: ReturnType<typeof gatewayWith>) {
  renderApp('/product/3/details/31', gateway);
  await screen.findByRole('heading', { name: 'Setup Details', level: 1 });
  return gateway;
}

const section = (name: string) => screen.getByRole('region', { name });
const valueOf = async (term: string) =>
  (await within(section('Client Details')).findByText(term)).nextElementSibling;

describe('Per-product setup details', () => {
  it('asks the meta service for the setup and shows whether it is scheduled, with the schedule in plain English', async () => {
    const gateway = await openDetails(gatewayWith([entry('crawl', 'completed', ago(5))]));
    expect(await valueOf('Scheduled')).toHaveTextContent('Yes');
    expect(await valueOf('Schedule')).toHaveTextContent('every week on Wednesday at 05:30 UTC');
    expect(gateway.callsTo(metaOps.setupDetails)[0]?.body).toEqual({ setupId: 31 });
    expect(gateway.callsTo(metaOps.workflowData)[0]?.body).toEqual({ setupId: 31 });
    await waitFor(() =>
      expect(gateway.callsTo(metaOps.browseNodes)[0]?.query).toEqual({ setupId: '31' }),
    );
    expect(
      await within(section('Client Details')).findByRole('link', { name: 'acme foods' }),
    ).toHaveAttribute('href', `${DASHBOARD}/acme%20foods/dashboard/amazon/sov`);
  });

  it('says No for an unscheduled setup and shows no schedule', async () => {
    await openDetails(gatewayWith([entry('crawl', 'completed', ago(5))], { scheduled: false }));
    expect(await valueOf('Scheduled')).toHaveTextContent('No');
    expect(within(section('Client Details')).queryByText('Schedule')).not.toBeInTheDocument();
  });

  it("tells when the setup should be live from the product's expected step times and marks a step running too long overdue", async () => {
    const gateway = gatewayWith(
      [entry('crawl', 'in_progress', ago(100)), entry('publish', 'not_started', ago(120))],
      { history: [entry('crawl', 'started', ago(120))] },
    );
    await openDetails(gateway);
    const panel = await screen.findByRole('group', { name: 'Expected live' });
    // crawl started 120 min ago with 30 min expected: overdue by 90 min; publish (60 min) from now.
    const expected = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
    const inAnHour = Date.now() + 60 * MINUTE;
    expect(within(panel).getByText(/^Expected live by /).textContent).toMatch(
      new RegExp(
        `^Expected live by (${[inAnHour - MINUTE, inAnHour, inAnHour + MINUTE]
          .map((t) => expected.format(t))
          .join('|')})$`,
      ),
    );
    expect(within(panel).getByRole('alert')).toHaveTextContent(
      /\(Amazon\) is overdue by 1 h 30 min/,
    );
  });

  it('shows when the setup went live once every step is completed, with nothing overdue', async () => {
    await openDetails(
      gatewayWith([entry('crawl', 'completed', ago(90)), entry('publish', 'completed', ago(10))]),
    );
    const panel = await screen.findByRole('group', { name: 'Expected live' });
    expect(within(panel).getByText(/^Live since /)).toBeInTheDocument();
    expect(within(panel).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('notifies the error message when a part cannot load, and says in place what is missing', async () => {
    const gateway = gatewayWith([entry('crawl', 'completed', ago(5))]).fail(
      metaOps.workflowData,
      envelope(502, 'UPSTREAM_ERROR', 'Workflow service is down'),
    );
    const app = renderApp('/product/3/details/31', gateway);
    const message = await screen.findByText('Workflow service is down');
    expect(message.closest('.MuiSnackbar-root')).not.toBeNull();
    const workflow = section('Workflow Status');
    expect(within(workflow).getByText('The workflow status could not be loaded.')).toBeVisible();
    expect(within(workflow).queryByText('Something went wrong')).not.toBeInTheDocument();
    gateway.heal(metaOps.workflowData);
    await app.user.click(within(workflow).getByRole('button', { name: 'Retry' }));
    expect(
      await within(workflow).findByRole('region', { name: 'Workflow Status timeline' }),
    ).toBeInTheDocument();
  });

  it("notifies the error message when the product's steps cannot be loaded", async () => {
    const gateway = gatewayWith([entry('crawl', 'completed', ago(5))]).on(
      productRegisterOps.stepList,
      envelope(502, 'UPSTREAM_ERROR', 'Step registry is down'),
    );
    await openDetails(gateway);
    const message = await screen.findByText('Step registry is down');
    expect(message.closest('.MuiSnackbar-root')).not.toBeNull();
  });
});
