/** Helpers the setup specs share: unique account names and gateway calls from the page. */
import {
  productRegisterOps,
  remOmniOps,
  type AnyOperation,
  type SearchBrowseNodesResponse,
  type SetupRow,
} from '@onboarding/contracts';
import { expect, type Page } from '@playwright/test';

/** A letters-only suffix (account names allow letters, spaces and hyphens only). */
export function letters(length = 7): string {
  let n = Date.now() + Math.floor(Math.random() * 1e6);
  let out = '';
  for (let i = 0; i < length; i += 1) {
    out += String.fromCharCode(97 + (n % 26));
    n = Math.floor(n / 26);
  }
  return out;
}

/** Calls a gateway operation from the signed-in page (same origin, session cookie). */
export async function api<T>(page: Page, op: AnyOperation, body: unknown, query = ''): Promise<T> {
  return page.evaluate(
    async ([path, payload]) => {
      const res = await fetch(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
        body: JSON.stringify(payload),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`${path} answered ${res.status}: ${text}`);
      return JSON.parse(text) as T;
    },
    [op.path + query, body] as const,
  );
}

/**
 * The seeded setup of cobalt audio (no test or benchmark changes it), from a signed-in page on
 * the gateway's origin.
 */
export async function seededSetupId(page: Page): Promise<number> {
  const rows = await api<SetupRow[]>(page, remOmniOps.allSetup, {
    searchText: 'cobalt audio',
    limit: 20,
    offset: 0,
  });
  const setupId = rows[0]?.setupId;
  if (setupId === undefined) throw new Error('The seeded setup of cobalt audio is missing');
  return setupId;
}

/** The id of the seeded product "Digital Shelf Analytics", from the products screen. */
export async function seededProductId(page: Page): Promise<number> {
  await page.goto('/product/see_all');
  const { products } = await api<{ products: { productId: number; productName: string }[] }>(
    page,
    productRegisterOps.productList,
    {},
  );
  const product = products.find((p) => p.productName === 'Digital Shelf Analytics');
  if (!product) throw new Error('no product named Digital Shelf Analytics');
  return product.productId;
}

/** Amazon in the sandbox's retailers. */
export const AMAZON = 4;
export const CHIPS = 'Grocery & Gourmet Food > Snacks > Chips';

export interface BrowseNode {
  id: number;
  taxonomyId: string;
}

/** Amazon's Chips node, found through the node search as the setup form finds it. */
export async function chipsNode(page: Page): Promise<BrowseNode> {
  const found = await api<SearchBrowseNodesResponse>(page, remOmniOps.searchBrowseNodes, {
    searchText: 'snacks',
    page: 1,
    limit: 20,
    order: 'asc',
    retailerId: AMAZON,
    nodeType: 'BSR',
  });
  const chips = found.nodes.find((n) => n.nodePath === CHIPS);
  if (!chips?.taxonomyId) throw new Error(`The node search did not find ${CHIPS}`);
  return { id: chips.id, taxonomyId: chips.taxonomyId };
}

/** The allSetup rows of one client (its first page of search results, exact name). */
export async function setupRowsOf(page: Page, clientName: string): Promise<SetupRow[]> {
  const rows = await api<SetupRow[]>(page, remOmniOps.allSetup, {
    searchText: clientName.toLowerCase(),
    limit: 20,
    offset: 0,
  });
  return rows.filter((r) => r.clientName === clientName.toLowerCase());
}

/**
 * A prospect's setup on Amazon with one node, made through the gateway (a new client, then
 * its setup) to keep a test short; resolves with the setup id.
 */
export async function createProspectSetup(
  page: Page,
  clientName: string,
  node: BrowseNode,
  brands = ['Test Brand'],
): Promise<number> {
  const name = clientName.toLowerCase();
  const { clientId } = await api<{ clientId: number }>(page, remOmniOps.addClient, {
    clientName: name,
    region: 'US',
  });
  await api(page, remOmniOps.addSetup, [
    {
      retailerId: AMAZON,
      browseNodes: [{ parent_id: node.id, id: node.id }],
      nodeDetails: [node.taxonomyId],
      isNewClient: true,
      clientName: name,
      clientId,
      brands,
      isMarketShareEnabled: false,
      isScheduled: false,
      schedule: null,
    },
  ]);
  const [row] = await setupRowsOf(page, name);
  if (!row) throw new Error(`The setup of ${name} is not in the list`);
  return row.setupId;
}

const END_STATES = ['COMPLETED', 'FAILED'];

/** Every allSetup row of a search, all pages. */
async function allRows(page: Page, searchText: string): Promise<SetupRow[]> {
  const rows: SetupRow[] = [];
  for (let offset = 0; ; offset += 100) {
    const batch = await api<SetupRow[]>(page, remOmniOps.allSetup, {
      searchText,
      limit: 100,
      offset,
    });
    rows.push(...batch);
    if (batch.length < 100) return rows;
  }
}

/** Waits until every run of the search has ended (the sandbox runs one transition per 300 ms). */
export async function settled(page: Page, searchText: string, count: number): Promise<SetupRow[]> {
  let rows: SetupRow[] = [];
  await expect
    .poll(
      async () => {
        rows = await allRows(page, searchText);
        return rows.filter((r) => END_STATES.includes(r.status)).length;
      },
      { timeout: 60_000, message: `every run of "${searchText}" ends` },
    )
    .toBe(count);
  return rows;
}

/** The sandbox fails some runs at random (15 %): makes setups until `count` have COMPLETED. */
export async function completedSetups(page: Page, prefix: string, node: BrowseNode, count: number) {
  const completed: SetupRow[] = [];
  let made = 0;
  while (completed.length < count) {
    if (made >= count + 5) throw new Error(`Fewer than ${count} of ${made} new setups completed`);
    const name = `${prefix} ${String.fromCharCode(97 + made)}`;
    await createProspectSetup(page, name, node);
    made += 1;
    const [row] = await settled(page, name, 1);
    if (row?.status === 'COMPLETED') completed.push(row);
  }
  return { completed, made };
}
