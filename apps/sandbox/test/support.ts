import { type RunningSandbox, startSandbox, type SandboxOptions } from '../src/sandbox.js';

/** A sandbox in memory on a free port, with a fast workflow and no failures unless asked. */
export function startTestSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  return startSandbox({ inMemory: true, port: 0, stepMs: 20, failureRate: 0, ...options });
}

export interface Answer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** Calls the sandbox over HTTP the way the gateway does (JSON, X-User-Email). */
export async function call<T = unknown>(
  sandbox: { url: string },
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  userEmail = 'operator@example.com',
): Promise<Answer<T>> {
  const res = await fetch(sandbox.url + path, {
    method,
    headers: {
      'x-user-email': userEmail,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON
  }
  return { status: res.status, body: parsed as T, headers: res.headers };
}

export const post = <T = unknown>(
  s: { url: string },
  path: string,
  body: unknown = {},
  user?: string,
) => call<T>(s, 'POST', path, body, user);

/** Polls until `check` returns a value (not undefined), or fails after `timeoutMs`. */
export async function waitFor<T>(
  check: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 10_000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export interface Row {
  setupId: number;
  clientName: string;
  clientId: number;
  retailerId: number;
  retailerName?: string;
  isNewClient: boolean;
  ismarketshareEnabled: boolean;
  status: string;
  stepName: string | null;
  totalRecords?: number;
  nodesDetails?: { retailerId: number; id: number; parentId: number; nodePath: string }[];
}

interface Entry {
  stepName: string;
  status: string;
  retailerId: number;
  ismarketshareEnabled: boolean;
  updatedat: string;
  requestedby: string | null;
  statusPayload: string | null;
}

export interface Workflow {
  currentWorkflow: Entry[];
  historyWorkflow: Entry[];
}

export interface SearchResult {
  total: number;
  nodes: {
    id: number;
    nodePath: string;
    taxonomyId?: string;
    childNodes: { id: number; nodePath: string; taxonomyId?: string }[];
  }[];
}

/** A top-level node of the retailer and one of its children, found by searching. */
export async function pickNodes(
  sandbox: { url: string },
  retailerId: number,
  searchText = 'snacks',
) {
  const res = await post<SearchResult>(sandbox, '/customer-setup/rem_omni/searchBrowseNodes', {
    searchText,
    page: 1,
    limit: 5,
    order: 'asc',
    retailerId,
    nodeType: 'BSR',
  });
  const parent = res.body.nodes.find((n) => n.childNodes.length > 0);
  if (!parent) throw new Error(`no node with children for ${searchText} at retailer ${retailerId}`);
  const child = parent.childNodes[0]!;
  return { parent, child };
}

/** A per-retailer addSetup item for an existing client with a parent node and one child. */
export async function addItem(
  sandbox: { url: string },
  client: { clientId: number; clientName: string; isNewClient?: boolean },
  retailerId: number,
  extra: Record<string, unknown> = {},
) {
  const { parent, child } = await pickNodes(sandbox, retailerId);
  return {
    retailerId,
    browseNodes: [
      { parent_id: parent.id, id: parent.id },
      { parent_id: parent.id, id: child.id },
    ],
    nodeDetails: [parent.taxonomyId!, child.taxonomyId!],
    isNewClient: client.isNewClient ?? false,
    clientName: client.clientName.toLowerCase(),
    clientId: client.clientId,
    brands: ['Acme', 'Acme Kids'],
    isMarketShareEnabled: false,
    isScheduled: false,
    schedule: null,
    ...extra,
  };
}

/** Registers a prospect through addClient and returns it. */
export async function newProspect(sandbox: { url: string }, name: string) {
  const res = await post<{ clientId: number }>(sandbox, '/customer-setup/rem_omni/addClient', {
    clientName: name.toLowerCase(),
    region: 'US',
  });
  if (res.status !== 200) throw new Error(`addClient failed: ${JSON.stringify(res.body)}`);
  return { clientId: res.body.clientId, clientName: name.toLowerCase(), isNewClient: true };
}

/** The rows of one setup, read through allSetup with the client's name. */
export async function rowsOf(
  sandbox: { url: string },
  clientName: string,
  productId?: number,
): Promise<Row[]> {
  const path = productId ? '/customer-setup/meta/allSetup' : '/customer-setup/rem_omni/allSetup';
  const res = await post<Row[]>(sandbox, path, {
    searchText: clientName,
    limit: 20,
    offset: 0,
    ...(productId ? { productId } : {}),
  });
  return res.body;
}
