import { Inject, Injectable } from '@nestjs/common';
import type { FleetFilter, FleetList, FleetSetup, FleetStatus } from '@onboarding/contracts';
import { flowKey } from '../fleet/fleet-reader.js';
import type { Published } from '../fleet/fleet-store.js';
import { FleetService, type FlowQuery } from '../fleet/fleet.service.js';
import { setupIndex } from '../fleet/setup-index.js';
import { rowKey, setupMatcher } from './fleet-filter.js';

/** One flow of a published snapshot, ready to filter: built once per snapshot and flow. */
interface FlowSetups {
  /** Newest first, as the list shows them (the upstream's setup_id descending). */
  readonly setups: readonly FleetSetup[];
  readonly failedAt: ReadonlyMap<string, number>;
}

/** What a published snapshot of the flow gives the filters, or null while there is none. */
type Served =
  | { readonly status: FleetStatus; readonly flow: FlowSetups; readonly published: Published }
  | { readonly status: FleetStatus; readonly flow: null; readonly published: Published | null };

const flows = new WeakMap<Published, Map<string, FlowSetups>>();

/**
 * The fleet filters over the whole published snapshot (every list page): the filtered list and
 * the saved views' counts. Reads FleetService's snapshot; never starts a read of its own beyond
 * the one any fleet answer starts while there is none.
 */
@Injectable()
export class FleetListService {
  constructor(@Inject(FleetService) private readonly fleet: FleetService) {}

  async list(
    query: FlowQuery & { filter: FleetFilter; offset: number; limit: number },
  ): Promise<FleetList> {
    const served = await this.served(query);
    if (!served.flow) return { ...served.status, total: 0, setups: [] };
    const test = tester(query.filter, served.flow);
    const matches = served.flow.setups.filter(test);
    return {
      ...served.status,
      total: matches.length,
      setups: matches.slice(query.offset, query.offset + query.limit),
    };
  }

  /** How many setups each filter matches in its flow; null for a flow with no snapshot yet. */
  async counts(
    asked: readonly { productId: number | null; filters: FleetFilter }[],
  ): Promise<(number | null)[]> {
    const { published } = await this.fleet.served();
    if (!published) return asked.map(() => null);
    return asked.map(({ productId, filters }) => {
      const flow = flowSetups(published, flowKey(productId));
      if (!flow) return 0;
      const test = tester(filters, flow);
      return flow.setups.reduce((n, s) => n + (test(s) ? 1 : 0), 0);
    });
  }

  /** The snapshot's status and, when there is one, the flow's setups ready to filter. */
  private async served(query: FlowQuery): Promise<Served> {
    const { status, published } = await this.fleet.served();
    const flow = published && flowSetups(published, flowKey(query.productId ?? null));
    return flow && published ? { status, flow, published } : { status, flow: null, published };
  }
}

/** The filter as a test of a setup of this flow. */
function tester(filter: FleetFilter, flow: FlowSetups) {
  const facts = { now: Date.now(), failedAt: flow.failedAt };
  const test = setupMatcher(filter);
  return (setup: FleetSetup) => test(setup, facts);
}

function flowSetups(published: Published, key: string): FlowSetups | null {
  let byFlow = flows.get(published);
  if (!byFlow) flows.set(published, (byFlow = new Map<string, FlowSetups>()));
  let flow = byFlow.get(key);
  if (!flow) {
    const index = setupIndex(published).get(key);
    if (!index) return null;
    const failedAt = new Map<string, number>();
    for (const f of published.metrics[key]?.failures ?? [])
      if (f.failedAt !== null)
        failedAt.set(rowKey(f.setupId, f.retailerId), Date.parse(f.failedAt));
    flow = { setups: [...index.values()].sort((a, b) => b.setupId - a.setupId), failedAt };
    byFlow.set(key, flow);
  }
  return flow;
}
