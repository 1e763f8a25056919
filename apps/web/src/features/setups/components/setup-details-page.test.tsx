import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { remOmniOps, type WorkflowEntry } from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import { focusManager } from '@tanstack/react-query';
import { act, cleanup, screen, within } from '@testing-library/react';
import { envelope } from '@test/fake-gateway';
import { renderApp } from '@test/render-app';
import { screenTestHooks } from '@test/screen-hooks';
import { DASHBOARD, signedInGateway } from '@test/signed-in';

screenTestHooks();

const step = (stepName: string, status: string, extra: Partial<WorkflowEntry> = {}) =>
  fixtures.workflowEntry({ stepName, status, retailerId: 4, ...extra });

function gatewayWith(current: WorkflowEntry[], history: WorkflowEntry[] = []) {
  return signedInGateway()
    .on(
      remOmniOps.setupDetails,
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
        brandsDetails: { brands: ['Acme', 'Acme Kids'] },
      }),
    )
    .on(remOmniOps.worflowData, { currentWorkflow: current, historyWorkflow: history });
}

async function openDetails(gateway = gatewayWith([step('crawling', 'completed')])) {
  const app = renderApp('/rem_omni/details/31', gateway);
  await screen.findByRole('heading', { name: 'Setup Details', level: 1 });
  return { app, gateway };
}

const section = (name: string) => screen.getByRole('region', { name });

describe('Setup details', () => {
  it("shows the client's details with a link to its dashboard", async () => {
    await openDetails();
    const client = section('Client Details');
    expect(await within(client).findByRole('link', { name: 'acme foods' })).toHaveAttribute(
      'href',
      `${DASHBOARD}/5001/category-leaderboard`,
    );
    for (const [term, value] of [
      ['Brands', 'Acme, Acme Kids'],
      ['Client Id', '5001'],
      ['Is Prospect', 'Yes'],
      ['Region', 'US'],
      ['Setup Id', '31'],
    ]) {
      expect(within(client).getByText(term!).nextElementSibling).toHaveTextContent(value!);
    }
    expect(within(client).getByText('Created On').nextElementSibling).toHaveTextContent('2026');
  });

  it('shows each workflow step with its label, status in words and details', async () => {
    const { gateway } = await openDetails(
      gatewayWith([
        step('crawling', 'completed', {
          requestedby: 'ada@example.com',
          statusPayload: '{"rows":12}',
        }),
        step('sov_wf', 'failed'),
        step('ncs_ui_trigger', 'not_started'),
      ]),
    );
    const timeline = await screen.findByRole('region', { name: 'Workflow Status timeline' });
    const items = within(timeline).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    // The current step (the first not completed) leads since issue 31; the others in run order.
    expect(items[1]).toHaveTextContent('Crawling');
    expect(items[1]).toHaveTextContent('completed');
    expect(items[1]).toHaveTextContent('ada@example.com');
    expect(items[1]).toHaveTextContent('{"rows":12}');
    expect(items[1]).toHaveTextContent('4 (Amazon)');
    expect(items[0]).toHaveTextContent('Share of Voice WF');
    expect(items[0]).toHaveTextContent('failed');
    expect(items[2]).toHaveTextContent('not started');
    expect(items[2]).toHaveTextContent('NA');
    expect(gateway.callsTo(remOmniOps.worflowData)[0]?.body).toEqual({ setupId: 31 });
    expect(gateway.callsTo(remOmniOps.setupDetails)[0]?.body).toEqual({ setupId: 31 });
  });

  it('groups the workflow per retailer, each with its current step first', async () => {
    await openDetails(
      gatewayWith([
        step('crawling', 'completed'),
        step('crawling', 'completed', { retailerId: 7 }),
        step('sti', 'in_progress'),
        step('sti', 'failed', { retailerId: 7 }),
        step('analytics', 'not_started'),
        step('analytics', 'not_started', { retailerId: 7 }),
      ]),
    );
    const timeline = await screen.findByRole('region', { name: 'Workflow Status timeline' });
    const titles = (retailer: string) =>
      within(within(timeline).getByRole('region', { name: retailer }))
        .getAllByRole('heading', { level: 4 })
        .map((h) => h.textContent);
    expect(titles('Amazon')).toEqual(['STI(Current step)', 'Crawling', 'Analytics']);
    expect(titles('Walmart')).toEqual(['STI(Current step)', 'Crawling', 'Analytics']);
    expect(
      within(timeline)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Amazon', 'Walmart']);
  });

  it('shows the history per retailer, newest first', async () => {
    await openDetails(
      gatewayWith(
        [step('crawling', 'completed')],
        [
          step('crawling', 'completed', { updatedat: '2026-11-01T10:00:00.000Z' }),
          step('sti', 'failed', { updatedat: '2026-11-01T12:00:00.000Z' }),
          step('crawling', 'completed', { retailerId: 7, updatedat: '2026-11-01T09:00:00.000Z' }),
          step('crawling', 'started', { updatedat: '2026-11-01T09:00:00.000Z' }),
        ],
      ),
    );
    const history = await screen.findByRole('region', { name: 'Workflow Status History timeline' });
    const amazon = within(history).getByRole('region', { name: 'Amazon' });
    expect(
      within(amazon)
        .getAllByRole('listitem')
        .map((item) => within(item).getByRole('heading', { level: 4 }).textContent),
    ).toEqual(['STI', 'Crawling', 'Crawling']);
    expect(within(amazon).getAllByRole('listitem')[2]).toHaveTextContent('started');
    expect(
      within(within(history).getByRole('region', { name: 'Walmart' })).getAllByRole('listitem'),
    ).toHaveLength(1);
  });

  it('colours each status as the spec says, always with an icon and words', async () => {
    await openDetails(
      gatewayWith([
        step('crawling', 'not_started'),
        step('sti', 'started'),
        step('analytics', 'in_progress'),
        step('sov_wf', 'completed'),
        step('pre_engineering', 'failed'),
      ]),
    );
    const timeline = await screen.findByRole('region', { name: 'Workflow Status timeline' });
    const tones = within(timeline)
      .getAllByRole('listitem')
      .map((item) => {
        const chip = item.querySelector('[data-tone]')!;
        expect(chip.querySelector('svg')).not.toBeNull();
        return [chip.textContent, chip.getAttribute('data-tone')];
      });
    expect(tones).toEqual([
      ['not started', 'grey'],
      ['started', 'lightYellow'],
      ['in progress', 'yellow'],
      ['completed', 'green'],
      ['failed', 'red'],
    ]);
    expect(timeline).toHaveStyle({ overflowY: 'auto' });
  });

  it('shows the workflow history only when there is some', async () => {
    await openDetails();
    await screen.findByRole('region', { name: 'Workflow Status timeline' });
    expect(
      screen.queryByRole('region', { name: 'Workflow Status History' }),
    ).not.toBeInTheDocument();
    cleanup();
    await openDetails(gatewayWith([step('crawling', 'completed')], [step('crawling', 'failed')]));
    expect(
      await screen.findByRole('region', { name: 'Workflow Status History' }),
    ).toBeInTheDocument();
  });

  it('shows a card per retailer with its parent nodes and their children, all expanded', async () => {
    await openDetails();
    const amazon = await screen.findByRole('article', { name: 'Amazon' });
    const parent = within(amazon).getByText('Grocery > Snacks').closest('li')!;
    expect(within(parent).getByText('Grocery > Snacks > Chips', { exact: false })).toBeVisible();
  });

  it('says Something went wrong followed by the error when a part cannot load', async () => {
    const { gateway } = await openDetails(
      gatewayWith([]).on(
        remOmniOps.setupDetails,
        envelope(502, 'UPSTREAM_ERROR', 'Customer setup API is down'),
      ),
    );
    const client = section('Client Details');
    expect(await within(client).findByText('Something went wrong')).toBeInTheDocument();
    expect(within(client).getByText('Customer setup API is down')).toBeInTheDocument();
    expect(gateway.failedCalls()).toEqual([remOmniOps.setupDetails.id]);
  });
});

describe('Setup details, live workflow', () => {
  beforeEach(() => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
  });
  afterEach(() => {
    focusManager.setFocused(undefined);
    jest.useRealTimers();
  });

  it('refetches every 10 s while a step runs, says how fresh it is, and stops once every step is done', async () => {
    let status = 'in_progress';
    const gateway = gatewayWith([]).on(remOmniOps.worflowData, () => ({
      currentWorkflow: [step('crawling', 'completed'), step('analytics', status)],
      historyWorkflow: [],
    }));
    await openDetails(gateway);
    await screen.findByRole('region', { name: 'Workflow Status timeline' });
    const calls = () => gateway.callsTo(remOmniOps.worflowData).length;
    expect(calls()).toBe(1);

    await act(() => jest.advanceTimersByTimeAsync(4_000));
    expect(screen.getByTestId('updated-ago')).toHaveTextContent('Updated 4 s ago');
    await act(() => jest.advanceTimersByTimeAsync(6_100));
    expect(calls()).toBe(2);

    status = 'completed';
    await act(() => jest.advanceTimersByTimeAsync(10_000));
    expect(calls()).toBe(3);
    expect(
      within(screen.getByRole('region', { name: 'Workflow Status timeline' })).getAllByText(
        'completed',
      ),
    ).toHaveLength(2);

    await act(() => jest.advanceTimersByTimeAsync(30_000));
    expect(calls()).toBe(3);
  });

  it('pauses while the tab is hidden', async () => {
    const gateway = gatewayWith([step('analytics', 'in_progress')]);
    await openDetails(gateway);
    await screen.findByRole('region', { name: 'Workflow Status timeline' });
    act(() => focusManager.setFocused(false));
    await act(() => jest.advanceTimersByTimeAsync(25_000));
    expect(gateway.callsTo(remOmniOps.worflowData)).toHaveLength(1);
  });
});
