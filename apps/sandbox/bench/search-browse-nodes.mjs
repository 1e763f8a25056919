#!/usr/bin/env node
// Benchmark: median latency of searchBrowseNodes over HTTP, against a freshly seeded sandbox
// (built dist), over the 20,000+ browse nodes of one large retailer (Amazon, id 4).
// Prints JSON lines { metric, value, unit, goal, pass } for `npm run bench`.
import { startSandbox } from '../dist/index.js';

const RETAILER_ID = 4;
const TERMS = [
  'chips',
  'organic',
  'dog food',
  'snacks chips',
  'wireless headphones',
  'best sellers',
  'tea',
  'vitamin d',
  'gluten-free crackers',
  'coffee',
  'baby wipes',
  'laptops',
  'tv',
  'protein',
  'shampoo',
  'frozen pizza',
  'cat litter',
  'sparkling water',
  'kids',
  'under $25',
];
const ROUNDS = 20;
const GOAL_MS = 20;

const started = performance.now();
const sandbox = await startSandbox({ inMemory: true, port: 0, stepMs: 3_600_000, failureRate: 0 });
const startMs = performance.now() - started;

const nodes = sandbox.db
  .prepare('SELECT count(*) AS n FROM browse_nodes WHERE retailer_id = ?')
  .get(RETAILER_ID).n;

async function search(searchText) {
  const t = performance.now();
  const res = await fetch(`${sandbox.url}/customer-setup/rem_omni/searchBrowseNodes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      searchText,
      page: 1,
      limit: 20,
      order: 'asc',
      retailerId: RETAILER_ID,
      nodeType: 'BSR',
    }),
  });
  const body = await res.json();
  const ms = performance.now() - t;
  if (res.status !== 200)
    throw new Error(`search "${searchText}" answered ${res.status}: ${JSON.stringify(body)}`);
  return { ms, total: body.total };
}

try {
  for (const term of TERMS) await search(term); // warm-up
  const samples = [];
  let empty = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const term of TERMS) {
      const { ms, total } = await search(term);
      samples.push(ms);
      if (round === 0 && total === 0) empty += 1;
    }
  }
  samples.sort((a, b) => a - b);
  const at = (q) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))];
  const median = at(0.5);
  const round2 = (v) => Math.round(v * 100) / 100;
  const line = (o) => console.log(JSON.stringify(o));
  line({
    metric: 'searchBrowseNodes median ms',
    value: round2(median),
    unit: 'ms',
    goal: `< ${GOAL_MS}`,
    pass: median < GOAL_MS,
  });
  line({ metric: 'searchBrowseNodes p95 ms', value: round2(at(0.95)), unit: 'ms' });
  line({
    metric: 'browse nodes searched (one retailer)',
    value: nodes,
    goal: '>= 20000',
    pass: nodes >= 20_000,
  });
  line({ metric: 'search terms without a match', value: empty, goal: '0', pass: empty === 0 });
  line({ metric: 'sandbox start, seeded in memory ms', value: Math.round(startMs), unit: 'ms' });
} finally {
  await sandbox.close();
}
