/**
 * The list's fleet filters followed elsewhere (issue 33), against the whole stack: a filtered
 * list's Failures link opens the failure board with its filters, and the board shows only the
 * failures they match (failed through the sandbox's workflow control); a filtered list's bulk
 * Refresh Data sends only the rows its filters select (the requests counted). Every test works on
 * setups of its own, the newest of the sandbox, so they lead the filtered lists.
 */
import { remOmniOps, type SearchBrowseNodesResponse, type SetupRow } from '@onboarding/contracts';
import type { Page } from '@playwright/test';
import {
  api,
  chipsNode,
  createProspectSetup,
  letters,
  settled,
  type BrowseNode,
} from '../support/gateway-api.js';
import { expect, screenshot, seriousA11yViolations, test } from '../support/fixtures.js';
import { failWorkflow } from '../support/workflow-control.js';

const STEP = 'analytics';
const AMAZON = 4;
const WALMART = 12;

/** A Walmart node of the sandbox's catalogue, found as the setup form finds one. */
async function walmartNode(page: Page): Promise<BrowseNode> {
  const found = await api<SearchBrowseNodesResponse>(page, remOmniOps.searchBrowseNodes, {
    searchText: 'snacks',
    page: 1,
    limit: 20,
    order: 'asc',
    retailerId: WALMART,
    nodeType: 'BSR',
  });
  const node = found.nodes.find((n) => n.taxonomyId);
  if (!node?.taxonomyId) throw new Error('The node search found no Walmart node');
  return { id: node.id, taxonomyId: node.taxonomyId };
}

/** A prospect's setup on Amazon and Walmart (two CL rows), made through the gateway. */
async function twoRetailerSetup(page: Page, name: string, nodes: [BrowseNode, BrowseNode]) {
  const { clientId } = await api<{ clientId: number }>(page, remOmniOps.addClient, {
    clientName: name,
    region: 'US',
  });
  await api(
    page,
    remOmniOps.addSetup,
    [AMAZON, WALMART].map((retailerId, i) => ({
      retailerId,
      browseNodes: [{ parent_id: nodes[i]!.id, id: nodes[i]!.id }],
      nodeDetails: [nodes[i]!.taxonomyId],
      isNewClient: true,
      clientName: name,
      clientId,
      brands: ['Test Brand'],
      isMarketShareEnabled: false,
      isScheduled: false,
      schedule: null,
    })),
  );
}

test.describe("the list's filters, followed by the failure board and the bulk refresh", () => {
  test('a filtered list opens the failure board with its filters, showing only the failures they match', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const tag = letters().toLowerCase();
    await page.goto('/rem_omni/see_all');
    const chips = await chipsNode(page);
    const early = `bfilter ${tag} early`;
    await failWorkflow({ setupId: await createProspectSetup(page, early, chips), stepName: STEP });
    // Failed since a moment after the first failure: the later two match, the first does not.
    const after = Date.now() + 1000;
    await expect.poll(() => Date.now()).toBeGreaterThan(after);
    const since = new Date().toISOString();
    const late = [`bfilter ${tag} late a`, `bfilter ${tag} late b`];
    for (const name of late) {
      await failWorkflow({ setupId: await createProspectSetup(page, name, chips), stepName: STEP });
    }

    const query = `status=FAILED&prospect=1&failedSince=${encodeURIComponent(since)}`;
    const table = page.getByRole('table', { name: 'Setups' });
    // The gateway's snapshot takes the failures in within a refresh.
    await expect
      .poll(
        async () => {
          await page.goto(`/rem_omni/see_all?${query}`);
          await expect(page.getByText(/(setups match|setup matches) · Updated/)).toBeVisible();
          return table.getByText(`bfilter ${tag}`).count();
        },
        { timeout: 60_000, intervals: [2_000] },
      )
      .toBe(2);

    await page
      .getByRole('region', { name: 'List actions' })
      .getByRole('link', { name: 'Failures' })
      .click();
    await page.waitForURL(/\/rem_omni\/failures\?prospect=1&failedSince=/);
    const filters = page.getByRole('group', { name: 'Filters' });
    await expect(
      filters.getByRole('button', { name: 'Remove filter Client: Prospects' }),
    ).toBeVisible();
    await expect(
      filters.getByRole('button', { name: /^Remove filter Failed since: / }),
    ).toBeVisible();
    const group = page.getByRole('button', { name: 'Analytics', exact: true });
    await group.click();
    for (const name of late) await expect(page.getByRole('link', { name })).toBeVisible();
    await expect(page.getByRole('link', { name: early })).toHaveCount(0);
    await screenshot(page, 'failure-board-filtered');
    expect(await seriousA11yViolations(page), 'the filtered failure board').toEqual([]);

    // Failed since removed: the earlier failure is back, the prospects filter stays.
    await filters.getByRole('button', { name: /^Remove filter Failed since: / }).click();
    await expect(page).toHaveURL(/\/rem_omni\/failures\?prospect=1$/);
    // The step's group stays open as the board shows the failures anew.
    await expect(group).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('link', { name: early })).toBeVisible();
  });

  test("a filtered list's bulk Refresh Data sends only the rows the filters select", async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const prefix = `bfrefresh ${letters().toLowerCase()}`;
    await page.goto('/rem_omni/see_all');
    const nodes: [BrowseNode, BrowseNode] = [await chipsNode(page), await walmartNode(page)];
    const names = ['a', 'b', 'c'].map((n) => `${prefix} ${n}`);
    for (const name of names) await twoRetailerSetup(page, name, nodes);
    const rows = await settled(page, prefix, names.length * 2);
    // The sandbox fails some runs at random: the filter (COMPLETED at Amazon) lists the setups
    // whose Amazon row completed, and only those rows are refreshed.
    const amazonDone = rows.filter((r) => r.retailerId === AMAZON && r.status === 'COMPLETED');
    test.skip(amazonDone.length === 0, 'every Amazon run of the three setups failed at random');
    const listed = new Set(amazonDone.map((r) => r.clientName));
    const walmartDone = rows.filter(
      (r: SetupRow) =>
        r.retailerId === WALMART && r.status === 'COMPLETED' && listed.has(r.clientName),
    );

    const table = page.getByRole('table', { name: 'Setups' });
    await expect
      .poll(
        async () => {
          await page.goto(`/rem_omni/see_all?status=COMPLETED&retailer=${AMAZON}&prospect=1`);
          await expect(page.getByText(/(setups match|setup matches) · Updated/)).toBeVisible();
          return table.getByText(prefix).count();
        },
        { timeout: 60_000, intervals: [2_000] },
      )
      .toBe(listed.size);
    for (const name of listed) {
      await page.getByRole('checkbox', { name: `Select all retailers of ${name}` }).check();
    }
    const toolbar = page.getByRole('region', { name: 'List actions' });
    await expect(toolbar.getByText(`${listed.size * 2} selected on this page`)).toBeVisible();

    const sent: { retailerId: number; clientName: string }[] = [];
    page.on('request', (req) => {
      if (req.method() === 'POST' && /\/refreshData$/.test(new URL(req.url()).pathname))
        sent.push(req.postDataJSON() as { retailerId: number; clientName: string });
    });
    await toolbar.getByRole('button', { name: 'Refresh Data' }).click();
    const n = amazonDone.length;
    const dialog = page.getByRole('dialog', {
      name: `Refresh Data: ${n} ${n === 1 ? 'row' : 'rows'}`,
    });
    await expect(dialog).toBeVisible();
    const skipped = dialog.getByRole('region', { name: /^Skipped/ });
    for (const row of walmartDone) {
      await expect(
        skipped.getByRole('listitem').filter({ hasText: `${row.clientName}, Walmart` }),
      ).toHaveText(/Not selected by the filters$/);
    }
    await dialog.getByRole('button', { name: `Refresh Data ${n}` }).click();
    await expect(dialog.getByRole('status')).toHaveText(
      `${n} of ${n} answered · ${n} done · 0 failed`,
      {
        timeout: 30_000,
      },
    );
    test.info().annotations.push({
      type: 'rows',
      description: `${listed.size * 2} ticked, ${n} sent, ${walmartDone.length} COMPLETED Walmart rows skipped`,
    });
    expect(sent).toHaveLength(n);
    expect(sent.map((b) => b.retailerId)).toEqual(Array(n).fill(AMAZON));
    expect(new Set(sent.map((b) => b.clientName))).toEqual(listed);
  });
});
