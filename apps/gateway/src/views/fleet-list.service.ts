import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { FleetFilter, FleetList, FleetSetup, FleetStatus } from '@onboarding/contracts';
import { flowKey } from '../fleet/fleet-reader.js';
import type { Published } from '../fleet/fleet-store.js';
import { FleetService, type FlowQuery } from '../fleet/fleet.service.js';
import { setupIndex } from '../fleet/setup-index.js';
import { type FilterFacts, needsMarketShare, rowKey, setupMatcher } from './fleet-filter.js';

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
export class FleetListService implements OnModuleInit {
  /** Market Share flags are not in the published setups: read from the refresh state once per snapshot. */
  private flags: { version: string; flags: Promise<ReadonlyMap<string, boolean>> } | null = null;

  private fleet!: FleetService;

  constructor(@Inject(ModuleRef) private readonly modules: ModuleRef) {}

  /** FleetModule keeps its service to itself (no export): the app's one instance is looked up. */
  onModuleInit(): void {
    this.fleet = this.modules.get(FleetService, { strict: false });
  }

  async list(
    query: FlowQuery & { filter: FleetFilter; offset: number; limit: number },
  ): Promise<FleetList> {
    const served = await this.served(query);
    if (!served.flow) return { ...served.status, total: 0, setups: [] };
    const test = await this.tester(query.filter, served.flow, served.published);
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
    const published = await this.published();
    if (!published) return asked.map(() => null);
    return Promise.all(
      asked.map(async ({ productId, filters }) => {
        const flow = flowSetups(published, flowKey(productId));
        if (!flow) return 0;
        const test = await this.tester(filters, flow, published);
        return flow.setups.reduce((n, s) => n + (test(s) ? 1 : 0), 0);
      }),
    );
  }

  /** The filter as a test of a setup of this flow, with the facts it reads. */
  private async tester(filter: FleetFilter, flow: FlowSetups, published: Published) {
    const facts: FilterFacts = {
      now: Date.now(),
      failedAt: flow.failedAt,
      marketShare: needsMarketShare(filter)
        ? await this.marketShareFlags(published)
        : new Map<string, boolean>(),
    };
    const test = setupMatcher(filter);
    return (setup: FleetSetup) => test(setup, facts);
  }

  /**
   * The snapshot's status as every fleet answer carries it (fleet.setups asked for no setup) and
   * the published snapshot: FleetService has no public accessor for both at once, so the snapshot
   * is read from its store right after (a refresh finishing in between is served next time).
   */
  private async served(query: FlowQuery): Promise<Served> {
    const {
      setups: _s,
      missing: _m,
      ...status
    } = await this.fleet.setups({
      ...query,
      setupIds: [],
    });
    const published = status.takenAt === null ? null : await this.published();
    const flow = published && flowSetups(published, flowKey(query.productId ?? null));
    return flow && published ? { status, flow, published } : { status, flow: null, published };
  }

  private async published(): Promise<Published | null> {
    const { version } = await this.fleet.store.status();
    return version ? this.fleet.store.published(version) : null;
  }

  private marketShareFlags(published: Published): Promise<ReadonlyMap<string, boolean>> {
    if (this.flags?.version !== published.version) {
      const flags = this.fleet.store.state().then((state) => {
        const map = new Map<string, boolean>();
        for (const flow of state?.flows ?? [])
          for (const row of flow.rows as readonly {
            setupId: number;
            retailerId: number;
            ismarketshareEnabled?: boolean;
          }[])
            if (row.ismarketshareEnabled !== undefined)
              map.set(rowKey(row.setupId, row.retailerId), row.ismarketshareEnabled);
        return map;
      });
      this.flags = { version: published.version, flags };
      flags.catch(() => (this.flags = null));
    }
    return this.flags.flags;
  }
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
