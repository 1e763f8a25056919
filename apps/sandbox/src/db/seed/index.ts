import type Database from 'better-sqlite3';
import { rruleText } from '../../customer-setup/schedule.js';
import { type WorkflowEngine } from '../../workflow/engine.js';
import { CATEGORY_LEADERBOARD_STEPS } from '../../workflow/steps.js';
import {
  LEGACY_MODULES,
  LEGACY_STATUS_DETAILS,
  LEGACY_STATUSES,
  LLM_CLIENTS,
  PRODUCTS,
  PROMPTS,
  REGIONS,
  stepTexts,
} from './catalogue.js';
import { CLIENTS, LEGACY_CLIENTS, OPERATORS, PROSPECTS } from './people.js';
import { Random } from './random.js';
import { RETAILERS, seedRetailers } from './retailers.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const FIRST_CLIENT_ID = 1001;
/** Clear of the seeded clients (1001…) and prospects (2001…). */
const EXTRA_CLIENT_ID = 100_001;

const iso = (ms: number) => new Date(ms).toISOString();
const isoDate = (ms: number) => iso(ms).slice(0, 10);

/** Whether the database already holds the seed. */
export function isSeeded(db: Database.Database): boolean {
  return (
    db.prepare<[], { value: string }>("SELECT value FROM meta WHERE key = 'seeded_at'").get() !==
    undefined
  );
}

/**
 * Fills an empty database with realistic, deterministic data (timestamps are relative to
 * `now`). Runs in one transaction; a second call does nothing.
 */
export function seedDatabase(
  db: Database.Database,
  engine: WorkflowEngine,
  now = Date.now(),
  { extraSetups = 0 } = {},
): void {
  if (isSeeded(db)) return;
  db.transaction(() => {
    const hasTree = db.prepare('SELECT 1 FROM retailers LIMIT 1').get() !== undefined;
    if (!hasTree) seedRetailers(db);
    const random = new Random('sandbox-seed');
    seedClients(db, now);
    seedProducts(db, now);
    seedCategorySetups(db, engine, random, now);
    seedProductSetups(db, engine, random, now);
    seedPrompts(db, random, now);
    seedLegacy(db, random, now);
    // Last, with their own randomness: the usual seed stays the same whatever the count.
    if (extraSetups > 0)
      withReusedStatements(db, () =>
        seedExtraSetups(db, engine, new Random('sandbox-extra'), extraSetups, now),
      );
    db.prepare("INSERT INTO meta (key, value) VALUES ('seeded_at', ?)").run(iso(now));
  })();
}

function seedClients(db: Database.Database, now: number) {
  const insert = db.prepare(
    'INSERT INTO clients (client_id, client_name, client_key, region, is_prospect, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  CLIENTS.forEach((c, i) =>
    insert.run(
      FIRST_CLIENT_ID + i,
      c.name,
      c.name.toLowerCase(),
      'US',
      0,
      iso(now - (400 - i * 7) * DAY),
    ),
  );
}

function seedProducts(db: Database.Database, now: number) {
  const insertProduct = db.prepare(
    'INSERT INTO products (product_name, product_path, created_at, updated_at) VALUES (?, ?, ?, ?)',
  );
  const insertStep = db.prepare(
    `INSERT INTO steps (product_id, step_name, step_order, polling_delay, expected_execution_time,
       trigger_payload, status_payload, request_id_path, status_path, status_map, is_polling,
       is_refresh_required, should_run_on_add, should_run_on_edit, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  PRODUCTS.forEach((p, i) => {
    const created = iso(now - (200 - i * 30) * DAY);
    const productId = Number(insertProduct.run(p.name, p.path, created, created).lastInsertRowid);
    p.steps.forEach((s, order) => {
      const t = stepTexts(p.path, s.name);
      insertStep.run(
        productId,
        s.name,
        order + 1,
        s.pollingDelay,
        s.expectedExecutionTime,
        t.triggerPayload,
        t.statusPayload,
        t.requestIdPath,
        t.statusPath,
        t.statusMap,
        Number(s.isPolling),
        Number(s.isRefreshRequired),
        Number(s.shouldRunOnAdd),
        Number(s.shouldRunOnEdit),
        created,
        created,
      );
    });
  });
}

/** Where a seeded setup retailer stands: a final state, or in flight at a step. */
type Target =
  | { kind: 'COMPLETED'; refreshed?: boolean }
  | { kind: 'FAILED' | 'IN_PROGRESS' | 'STARTED' | 'NOT_STARTED'; step: number };

/** Transitions from a run's start to the target (3 per completed step). */
function transitionsTo(target: Target, stepCount: number): number {
  switch (target.kind) {
    case 'COMPLETED':
      return 3 * stepCount;
    case 'FAILED':
      return 3 * target.step + 3;
    case 'IN_PROGRESS':
      return 3 * target.step + 2;
    case 'STARTED':
      return 3 * target.step + 1;
    case 'NOT_STARTED':
      return 3 * target.step;
  }
}

interface SetupSeed {
  productId: number | null;
  clientId: number;
  clientName: string;
  isNewClient: boolean;
  brands: readonly string[];
  retailers: readonly number[];
  targets: readonly Target[];
  steps: readonly string[];
  createdAt: number;
  createdBy: string;
  schedule?: Parameters<typeof rruleText>[0];
}

function insertSetup(
  db: Database.Database,
  engine: WorkflowEngine,
  random: Random,
  s: SetupSeed,
  now: number,
) {
  const setupId = Number(
    db
      .prepare(
        `INSERT INTO setups (product_id, client_id, client_name, client_key, is_new_client, region,
           brands, is_scheduled, created_by, updated_by, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, 'US', ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        s.productId,
        s.clientId,
        s.clientName.toLowerCase(),
        s.clientName.toLowerCase(),
        Number(s.isNewClient),
        JSON.stringify(s.brands),
        Number(s.schedule !== undefined),
        s.createdBy,
        s.createdBy,
        iso(s.createdAt),
        iso(s.createdAt),
      ).lastInsertRowid,
  );
  const insertRetailer = db.prepare(
    `INSERT INTO setup_retailers (setup_id, retailer_id, is_marketshare_enabled, status, step_name, position)
     VALUES (?, ?, ?, 'NOT_STARTED', ?, ?)`,
  );
  const insertNode = db.prepare(
    'INSERT INTO setup_nodes (setup_id, retailer_id, node_id, parent_id, position) VALUES (?, ?, ?, ?, ?)',
  );
  const children = db.prepare<[number, number], { node_id: number }>(
    'SELECT node_id FROM browse_nodes WHERE retailer_id = ? AND parent_id = ? AND node_id <> parent_id ORDER BY node_id',
  );
  s.retailers.forEach((retailerId, position) => {
    const retailer = RETAILERS.find((r) => r.id === retailerId)!;
    insertRetailer.run(
      setupId,
      retailerId,
      Number(retailer.source === 'MARKETSHARE'),
      s.steps[0] ?? '',
      position,
    );
    // A few parent nodes, some with a couple of their children.
    let order = 0;
    for (const parent of random.sample(topLevelNodes(db, retailerId), random.int(2, 5))) {
      insertNode.run(setupId, retailerId, parent.node_id, parent.node_id, order++);
      for (const child of random.sample(
        children.all(retailerId, parent.node_id),
        random.int(0, 2),
      )) {
        insertNode.run(setupId, retailerId, child.node_id, parent.node_id, order++);
      }
    }
    if (s.schedule) {
      db.prepare(
        'INSERT INTO setup_schedules (setup_id, retailer_id, schedule, rrule_text) VALUES (?, ?, ?, ?)',
      ).run(setupId, retailerId, JSON.stringify(s.schedule), rruleText(s.schedule));
    }
    // Replay the workflow up to the target, spreading transitions between creation and now.
    const target = s.targets[position % s.targets.length]!;
    const key = { setupId, retailerId };
    const runs = target.kind === 'COMPLETED' && target.refreshed ? 2 : 1;
    const perRun = transitionsTo(target, s.steps.length);
    const gap = Math.min(40 * 60_000, (now - s.createdAt) / (runs * (perRun + 1) + 1));
    let t = s.createdAt;
    for (let run = 1; run <= runs; run += 1) {
      const failAt = target.kind === 'FAILED' && run === runs ? target.step : null;
      engine.startRun(key, s.steps, s.createdBy, { now: t, failAt });
      for (let i = 0; i < perRun; i += 1) {
        t += gap;
        engine.advance(key, t);
      }
      t += gap;
    }
    // Runs still in flight move on slowly, the way real crawls do (hours, not seconds).
    engine.postpone(key, now + random.int(2, 30) * HOUR);
  });
  return setupId;
}

const topLevel = new WeakMap<Database.Database, Map<number, { node_id: number }[]>>();

/** A retailer's top-level nodes (read once per seeding). */
function topLevelNodes(db: Database.Database, retailerId: number) {
  const cache = topLevel.get(db) ?? new Map<number, { node_id: number }[]>();
  topLevel.set(db, cache);
  let nodes = cache.get(retailerId);
  if (!nodes) {
    nodes = db
      .prepare<[number], { node_id: number }>(
        'SELECT node_id FROM browse_nodes WHERE retailer_id = ? AND parent_id = node_id ORDER BY node_id',
      )
      .all(retailerId);
    cache.set(retailerId, nodes);
  }
  return nodes;
}

const TARGET_CYCLE: readonly Target[] = [
  { kind: 'COMPLETED' },
  { kind: 'IN_PROGRESS', step: 0 },
  { kind: 'COMPLETED', refreshed: true },
  { kind: 'FAILED', step: 3 },
  { kind: 'COMPLETED' },
  { kind: 'STARTED', step: 4 },
  { kind: 'NOT_STARTED', step: 0 },
  { kind: 'COMPLETED' },
  { kind: 'FAILED', step: 1 },
  { kind: 'COMPLETED', refreshed: true },
  { kind: 'IN_PROGRESS', step: 6 },
  { kind: 'COMPLETED' },
  { kind: 'FAILED', step: 7 },
  { kind: 'COMPLETED' },
];

function seedCategorySetups(
  db: Database.Database,
  engine: WorkflowEngine,
  random: Random,
  now: number,
) {
  const insertProspect = db.prepare(
    'INSERT INTO clients (client_id, client_name, client_key, region, is_prospect, created_at) VALUES (?, ?, ?, ?, 1, ?)',
  );
  const rem = RETAILERS.filter((r) => r.source === 'REM').map((r) => r.id);
  const marketshare = RETAILERS.filter((r) => r.source === 'MARKETSHARE').map((r) => r.id);
  let cycle = 0;
  const total = 22 + PROSPECTS.length;
  for (let i = 0; i < total; i += 1) {
    const prospect = i >= 22;
    const source = prospect ? PROSPECTS[i - 22]! : CLIENTS[i]!;
    const createdAt = now - (150 - i * 3) * DAY - random.int(0, 20) * HOUR;
    let clientId = FIRST_CLIENT_ID + i;
    if (prospect) {
      clientId = 2001 + (i - 22);
      insertProspect.run(clientId, source.name, source.name.toLowerCase(), 'US', iso(createdAt));
    }
    // CL setups on REM retailers, ML setups on MARKETSHARE ones, some mixing both.
    const flavour = i % 3;
    const pool = flavour === 0 ? rem : flavour === 1 ? marketshare : [...rem, ...marketshare];
    const retailers = random.sample(pool, random.int(1, 3));
    if (flavour !== 1 && !retailers.includes(4) && random.chance(0.6)) retailers.unshift(4);
    const targets = retailers.map(() => TARGET_CYCLE[cycle++ % TARGET_CYCLE.length]!);
    insertSetup(
      db,
      engine,
      random,
      {
        productId: null,
        clientId,
        clientName: source.name,
        isNewClient: prospect,
        brands: source.brands,
        retailers,
        targets,
        steps: CATEGORY_LEADERBOARD_STEPS,
        createdAt,
        createdBy: OPERATORS[i % OPERATORS.length]!,
      },
      now,
    );
  }
}

/**
 * Runs `work` with each SQL text prepared once. The engine and the seed prepare a statement per
 * call; thousands of setups in one go would otherwise hold hundreds of thousands of native
 * statements until a garbage collection that a small JS heap never triggers (GBs of RSS).
 */
function withReusedStatements(db: Database.Database, work: () => void) {
  const prepare = db.prepare.bind(db);
  const prepared = new Map<string, Database.Statement>();
  db.prepare = ((sql: string) => {
    let statement = prepared.get(sql);
    if (!statement) prepared.set(sql, (statement = prepare(sql)));
    return statement;
  }) as typeof db.prepare;
  try {
    work();
  } finally {
    db.prepare = prepare;
  }
}

/**
 * `count` more Category Leaderboard setups, each of a client of its own (one setup per client and
 * flow), created over the last 150 days and driven to a target of TARGET_CYCLE as the usual ones.
 */
function seedExtraSetups(
  db: Database.Database,
  engine: WorkflowEngine,
  random: Random,
  count: number,
  now: number,
) {
  const insertClient = db.prepare(
    'INSERT INTO clients (client_id, client_name, client_key, region, is_prospect, created_at) VALUES (?, ?, ?, ?, 0, ?)',
  );
  const rem = RETAILERS.filter((r) => r.source === 'REM').map((r) => r.id);
  let cycle = 0;
  for (let i = 0; i < count; i += 1) {
    const source = CLIENTS[i % CLIENTS.length]!;
    const clientId = EXTRA_CLIENT_ID + i;
    const clientName = `${source.name} ${i + 1}`;
    const createdAt = now - random.int(1, 150) * DAY - random.int(0, 20) * HOUR;
    insertClient.run(clientId, clientName, clientName.toLowerCase(), 'US', iso(createdAt));
    const retailers = random.sample(rem, random.int(1, 3));
    insertSetup(
      db,
      engine,
      random,
      {
        productId: null,
        clientId,
        clientName,
        isNewClient: false,
        brands: source.brands,
        retailers,
        targets: retailers.map(() => TARGET_CYCLE[cycle++ % TARGET_CYCLE.length]!),
        steps: CATEGORY_LEADERBOARD_STEPS,
        createdAt,
        createdBy: OPERATORS[i % OPERATORS.length]!,
      },
      now,
    );
  }
}

function seedProductSetups(
  db: Database.Database,
  engine: WorkflowEngine,
  random: Random,
  now: number,
) {
  const products = db
    .prepare<[], { product_id: number; product_name: string }>(
      'SELECT product_id, product_name FROM products ORDER BY product_id',
    )
    .all();
  const stepNames = db.prepare<[number], { step_name: string }>(
    'SELECT step_name FROM steps WHERE product_id = ? ORDER BY step_order',
  );
  let clientIndex = 3;
  products.forEach((product, p) => {
    const seed = PRODUCTS[p]!;
    const steps = stepNames.all(product.product_id).map((s) => s.step_name);
    for (let k = 0; k < 4; k += 1) {
      const client = CLIENTS[clientIndex % CLIENTS.length]!;
      const clientId = FIRST_CLIENT_ID + (clientIndex % CLIENTS.length);
      clientIndex += 5;
      const createdAt = now - (60 - p * 10 - k * 4) * DAY;
      const retailers = [
        seed.retailers[0]!,
        ...random.sample(seed.retailers.slice(1), random.int(0, 2)),
      ];
      const targets: Target[] = [
        [{ kind: 'COMPLETED' } as const],
        [{ kind: 'IN_PROGRESS', step: 1 } as const, { kind: 'COMPLETED' } as const],
        [{ kind: 'FAILED', step: 2 } as const, { kind: 'COMPLETED' } as const],
        [{ kind: 'STARTED', step: 0 } as const, { kind: 'COMPLETED', refreshed: true } as const],
      ][k]!;
      const scheduled = k % 2 === 0;
      insertSetup(
        db,
        engine,
        random,
        {
          productId: product.product_id,
          clientId,
          clientName: client.name,
          isNewClient: false,
          brands: client.brands,
          retailers,
          targets,
          steps,
          createdAt,
          createdBy: OPERATORS[(p + k) % OPERATORS.length]!,
          ...(scheduled
            ? {
                schedule: {
                  freq: 'WEEKLY',
                  byweekday: k === 0 ? ['WE'] : ['MO', 'TH'],
                  interval: k === 0 ? 1 : 2,
                  startTime: '05:30',
                  startDate: isoDate(createdAt),
                  ...(k === 2 ? { endDate: isoDate(now + 180 * DAY) } : {}),
                },
              }
            : {}),
        },
        now,
      );
    }
  });
}

function seedPrompts(db: Database.Database, random: Random, now: number) {
  const insertClient = db.prepare('INSERT INTO llm_clients (client_id, client) VALUES (?, ?)');
  for (const c of LLM_CLIENTS) insertClient.run(c.id, c.name);
  const insert = db.prepare(
    `INSERT INTO prompts (client_id, prompt, business_context, metadata, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  PROMPTS.forEach((p, i) => {
    const created = now - (90 - i * 6) * DAY;
    const updated = created + random.int(0, 5) * DAY + random.int(0, 23) * HOUR;
    insert.run(
      p.clientId,
      p.prompt,
      p.businessContext,
      JSON.stringify({ name: p.name, variables: p.variables }),
      iso(created),
      iso(Math.min(updated, now)),
    );
  });
}

function seedLegacy(db: Database.Database, random: Random, now: number) {
  const insertStatus = db.prepare(
    'INSERT INTO legacy_status_options (id, name, position) VALUES (?, ?, ?)',
  );
  LEGACY_STATUSES.forEach((s, i) => insertStatus.run(s.id, s.name, i));
  const insert = db.prepare(
    `INSERT INTO legacy_setups (client_name, client_key, start_date, avc_date, ams_date, current_status,
       status_details, expected_signoff_date, modules, created_by, updated_by, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const statusCycle = [
    'onTrack',
    'delayed',
    'active',
    'completed',
    'onTrack',
    'blocked',
    'active',
    'churned',
    'completed',
  ];
  LEGACY_CLIENTS.forEach((name, i) => {
    const status = statusCycle[i % statusCycle.length]!;
    const start = now - (240 - i * 7) * DAY;
    const modules = random.sample(LEGACY_MODULES, random.int(1, 4)).map((m) => ({
      id: m.id,
      name: m.name,
      regions: random.sample(REGIONS, random.int(1, 3)),
    }));
    if (!modules.some((m) => m.id === 'ciqSales')) {
      modules.unshift({ id: 'ciqSales', name: 'CIQ Sales', regions: ['US'] });
    }
    const details = random.pick(LEGACY_STATUS_DETAILS[status]!);
    const createdBy = OPERATORS[i % OPERATORS.length]!;
    const updatedBy = OPERATORS[(i + 2) % OPERATORS.length]!;
    const updated = Math.min(start + random.int(5, 60) * DAY, now - HOUR);
    insert.run(
      name,
      name.toLowerCase(),
      isoDate(start),
      isoDate(start + random.int(3, 20) * DAY),
      isoDate(start + random.int(5, 30) * DAY),
      status,
      modules.some((m) => m.id === 'marketInsight')
        ? `${details}. Retailers: Amazon, Walmart`
        : details,
      status === 'completed' || status === 'churned'
        ? isoDate(start + 45 * DAY)
        : isoDate(now + random.int(7, 60) * DAY),
      JSON.stringify(modules),
      createdBy,
      updatedBy,
      iso(start),
      iso(updated),
    );
  });
}
