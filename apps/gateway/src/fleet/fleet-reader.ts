import {
  type AnyOperation,
  type ExampleRequest,
  metaOps,
  productRegisterOps,
  remOmniOps,
  type SetupRow,
  WORKFLOW_STEP_KEYS,
} from '@onboarding/contracts';
import { bulkhead } from 'cockatiel';
import type { z } from 'zod';
import { ApiException } from '../common/errors/api-exception.js';
import type { FleetRow } from './metrics/flow-metrics.js';
import { type SetupFacts, workflowFacts } from './metrics/workflow-facts.js';

/** A declared read through the gateway's upstream client (ProxyService.read). */
export type ReadOperation = <O extends AnyOperation>(
  op: O,
  request: ExampleRequest,
) => Promise<z.output<O['response']>>;

/** A list row as the snapshot keeps it: what the metrics read, and what fleet.setups answers. */
export type ListedRow = FleetRow;

/** The largest page allSetup serves (LimitSchema). */
const PAGE_SIZE = 100;

/** One setup as the last refresh left it: what its rows said, and its workflow's facts. */
type SetupRead = [
  setupId: number,
  /** Its rows' retailer, status and step: a change means its workflow is read again. */
  signature: string,
  facts: SetupFacts | null,
];

interface FlowRead {
  /** `rem_omni`, or `meta:<productId>`. */
  readonly key: string;
  readonly flow: 'rem_omni' | 'meta';
  readonly productId: number | null;
  readonly name: string;
  readonly steps: readonly { readonly stepName: string; readonly expectedMs: number | null }[];
  readonly rows: readonly ListedRow[];
  readonly setups: readonly SetupRead[];
}

/**
 * The shape of the facts a refresh keeps: a state of another shape (saved in Redis by an older
 * gateway) is read afresh rather than trusted, since its setups' facts would miss fields.
 */
const STATE_FORMAT = 4;

/** Everything a refresh read: plain data, so Redis can hold it for the next refresh. */
export interface FleetState {
  readonly format?: number;
  readonly takenAt: number;
  readonly flows: readonly FlowRead[];
}

export interface Progress {
  read: number;
  total: number;
}

/** What one refresh cost upstream, by kind of call. */
export interface ReadCalls {
  lists: number;
  workflows: number;
}

export const flowKey = (productId: number | null) =>
  productId === null ? 'rem_omni' : `meta:${productId}`;

/**
 * Reads the fleet: each flow's every allSetup page, then the workflow of each setup that is new,
 * whose rows changed since `previous`, or that `reread` names; the others keep their facts. At most
 * `concurrency` calls run at once (a cockatiel bulkhead); the first failure fails the whole
 * read, so a half-read fleet never replaces a whole one.
 */
export async function readFleet(
  read: ReadOperation,
  options: {
    concurrency: number;
    previous: FleetState | null;
    /** Setups to read whatever their rows say: those an operator changed through the console. */
    reread?: ReadonlySet<number>;
    onProgress?: (progress: Progress) => void;
    now?: () => number;
  },
): Promise<{ state: FleetState; calls: ReadCalls }> {
  const limit = bulkhead(options.concurrency, Number.MAX_SAFE_INTEGER);
  const abort = new AbortController();
  const calls: ReadCalls = { lists: 0, workflows: 0 };
  const call = <O extends AnyOperation>(op: O, request: ExampleRequest, kind: keyof ReadCalls) =>
    limit.execute(() => {
      // Once one call failed, the ones still queued are not made.
      abort.signal.throwIfAborted();
      calls[kind] += 1;
      return read(op, request);
    });
  const failFast = <T>(work: Promise<T>) =>
    work.catch((err: unknown) => {
      abort.abort(err);
      throw err;
    });

  const { products } = await failFast(call(productRegisterOps.productList, { body: {} }, 'lists'));
  const flows = [
    { flow: 'rem_omni' as const, productId: null, name: 'Category Leaderboard' },
    ...products.map((p) => ({
      flow: 'meta' as const,
      productId: p.productId,
      name: p.productName,
    })),
  ];
  const listed = await Promise.all(
    flows.map(async (f) => {
      const [steps, rows] = await Promise.all([
        f.productId === null
          ? WORKFLOW_STEP_KEYS.map((stepName) => ({ stepName, expectedMs: null }))
          : failFast(
              call(
                productRegisterOps.stepList,
                { query: { productId: String(f.productId) }, body: {} },
                'lists',
              ),
            ).then(({ steps }) =>
              [...steps]
                .sort((a, b) => a.stepOrder - b.stepOrder)
                .map((s) => ({
                  stepName: s.stepName,
                  expectedMs:
                    s.expectedExecutionTime == null ? null : s.expectedExecutionTime * 60_000,
                })),
            ),
        failFast(allRows(f.productId, (op, body) => call(op, { body }, 'lists'))),
      ]);
      return { ...f, key: flowKey(f.productId), steps, rows };
    }),
  );

  // The setups to read again: new ones, changed ones, and those asked for. Every workflow
  // transition sets its row to the step and its status (setRow in apps/sandbox/src/workflow/
  // engine.ts), so an unchanged row is an unchanged workflow, save a change that ends where it
  // began between two reads (a run restarted before its first step began, a re-trigger that failed
  // again at the same step): a row has no update time to tell (SetupRowSchema). Those made through
  // the console come as `reread`; one made elsewhere is read at the setup's next row change.
  const previous = options.previous?.format === STATE_FORMAT ? options.previous.flows : [];
  const before = new Map(previous.map((f) => [f.key, new Map(f.setups.map((s) => [s[0], s]))]));
  const plans = listed.map((f) => {
    const bySetup = new Map<number, ListedRow[]>();
    for (const row of f.rows) bySetup.set(row.setupId, [...(bySetup.get(row.setupId) ?? []), row]);
    return {
      ...f,
      setups: [...bySetup].map(([setupId, rows]) => {
        const signature = rows
          .map((r) => `${r.retailerId}:${r.status}:${r.stepName ?? ''}`)
          .sort()
          .join(',');
        const last = before.get(f.key)?.get(setupId);
        const same = last && last[1] === signature && !options.reread?.has(setupId);
        return { setupId, signature, keep: same ? last[2] : undefined };
      }),
    };
  });
  const progress: Progress = {
    read: 0,
    total: plans.reduce((n, f) => n + f.setups.filter((s) => s.keep === undefined).length, 0),
  };
  options.onProgress?.({ ...progress });

  const flowsRead = await Promise.all(
    plans.map(async (f): Promise<FlowRead> => {
      const op = f.productId === null ? remOmniOps.worflowData : metaOps.workflowData;
      const setups = await Promise.all(
        f.setups.map(async ({ setupId, signature, keep }): Promise<SetupRead> => {
          if (keep !== undefined) return [setupId, signature, keep];
          const facts = await failFast(
            call(op, { body: { setupId } }, 'workflows').then(
              (workflow) => workflowFacts(workflow),
              (err: unknown) => {
                // Gone between its list page and its read: it drops out of the next list.
                if (err instanceof ApiException && err.getStatus() === 404) return null;
                throw err;
              },
            ),
          );
          progress.read += 1;
          options.onProgress?.({ ...progress });
          return [setupId, signature, facts];
        }),
      );
      return {
        key: f.key,
        flow: f.flow,
        productId: f.productId,
        name: f.name,
        steps: f.steps,
        rows: f.rows,
        setups,
      };
    }),
  );
  return {
    state: { format: STATE_FORMAT, takenAt: (options.now ?? Date.now)(), flows: flowsRead },
    calls,
  };
}

/**
 * Every row of one flow, PAGE_SIZE setups a call: the first page gives the total, the others are
 * asked at once (the bulkhead spaces them). A setup met twice (the list moved while paging)
 * counts once.
 */
async function allRows(
  productId: number | null,
  list: (op: AnyOperation, body: object) => Promise<unknown>,
): Promise<ListedRow[]> {
  const page = async (offset: number) => {
    const body = { searchText: '', limit: PAGE_SIZE, offset };
    return (await (productId === null
      ? list(remOmniOps.allSetup, body)
      : list(metaOps.allSetup, { ...body, productId }))) as SetupRow[];
  };
  const first = await page(0);
  const total = first[0]?.totalRecords;
  const pages = [first];
  if (total !== undefined) {
    const offsets: number[] = [];
    for (let offset = PAGE_SIZE; offset < total; offset += PAGE_SIZE) offsets.push(offset);
    pages.push(...(await Promise.all(offsets.map(page))));
  } else {
    // No total given: page on until a short page.
    for (let last = first; setupCount(last) === PAGE_SIZE;)
      pages.push((last = await page(pages.length * PAGE_SIZE)));
  }
  const seen = new Set<string>();
  return pages.flat().flatMap((r) => {
    const key = `${r.setupId}:${r.retailerId}`;
    if (seen.has(key)) return [];
    seen.add(key);
    const { setupId, clientName, clientId, isNewClient, retailerId, retailerName } = r;
    const { ismarketshareEnabled, status, stepName } = r;
    return [
      {
        setupId,
        clientName,
        clientId,
        isNewClient,
        retailerId,
        retailerName,
        ismarketshareEnabled,
        status,
        stepName,
      },
    ];
  });
}

const setupCount = (rows: readonly SetupRow[]) => new Set(rows.map((r) => r.setupId)).size;
