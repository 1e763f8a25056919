#!/usr/bin/env node
// The gateway's benchmark (`npm run bench -w @onboarding/gateway`; builds nothing: run
// `npm run build` first). Against the sandbox on loopback, in alternating rounds, it measures
// the `allSetup` read straight at the sandbox and through the gateway with a signed-in session,
// and prints one JSON line per metric: { metric, value, unit?, goal, pass }.
//
// Knobs (env): BENCH_ROUNDS (8), BENCH_ROUND_REQUESTS (300), BENCH_THROUGHPUT_ROUND_MS (3000),
// BENCH_CONNECTIONS (32), BENCH_SOAK_SECONDS (60).
import { fork, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { load, metric, percentile, signIn, target } from './lib.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const GATEWAY = path.resolve(here, '../dist/main.js');
const env = process.env;
const ROUNDS = Number(env.BENCH_ROUNDS ?? 8);
const ROUND_REQUESTS = Number(env.BENCH_ROUND_REQUESTS ?? 300);
const THROUGHPUT_ROUND_MS = Number(env.BENCH_THROUGHPUT_ROUND_MS ?? 3000);
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 32);
const SOAK_SECONDS = Number(env.BENCH_SOAK_SECONDS ?? 60);
const PAGE = { searchText: '', limit: 20, offset: 0 };
const log = (...a) => console.error('[bench]', ...a);

if (!fs.existsSync(GATEWAY)) {
  console.error(`Build first: npm run build (missing ${GATEWAY})`);
  process.exit(1);
}

const children = [];
function cleanup() {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
}
process.on('exit', cleanup);

function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function waitFor(url, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

function startSandbox(origins) {
  const child = fork(path.join(here, 'sandbox-process.mjs'), [], {
    env: { ...env, BENCH_GATEWAY_ORIGINS: JSON.stringify(origins) },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  children.push(child);
  const ask = () =>
    new Promise((resolve) => {
      const onMessage = (m) => {
        if (m.type === 'count') {
          child.off('message', onMessage);
          resolve(m.accepted);
        }
      };
      child.on('message', onMessage);
      child.send('count');
    });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`sandbox exited ${code}`)));
    child.on('message', (m) => {
      if (m.type === 'ready') resolve({ ...m, accepted: ask, child });
    });
  });
}

async function startGateway(port, extra) {
  const child = spawn(process.execPath, [GATEWAY], {
    env: {
      PATH: env.PATH,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-bench-')),
      RATE_LIMIT_API_PER_MIN: '100000000',
      LOG_LEVEL: 'info',
      ...extra,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  await waitFor(`http://127.0.0.1:${port}/api/health`);
  return child;
}

function rssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
}

function findRedis() {
  for (const c of [
    '/usr/bin/redis-server',
    '/usr/sbin/redis-server',
    '/usr/local/bin/redis-server',
  ])
    if (fs.existsSync(c)) return c;
  const r = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : undefined;
}

function redisCommand(port, ...args) {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let reply = '';
    socket.on('error', reject);
    socket.on('data', (d) => {
      reply += d.toString();
      const m = /^\$(\d+)\r\n/.exec(reply);
      if (!m || reply.length >= m[0].length + Number(m[1]) + 2) {
        socket.destroy();
        resolve(reply);
      }
    });
    socket.write(
      `*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`,
    );
  });
}

const gwPort = await freePort();
const redisGwPort = await freePort();
const gwUrl = `http://127.0.0.1:${gwPort}`;
const redisGwUrl = `http://127.0.0.1:${redisGwPort}`;
const sandbox = await startSandbox([gwUrl, redisGwUrl]);
const upstreamBase = `http://127.0.0.1:${sandbox.port}`;
const gatewayEnv = {
  OIDC_ISSUER: `${sandbox.url}/oidc`,
  CUSTOMER_SETUP_API_URL: `${upstreamBase}/customer-setup`,
  LLM_API_URL: `${upstreamBase}/llm`,
};
const gateway = await startGateway(gwPort, gatewayEnv);
const rssAtStart = rssMb(gateway.pid);
const cookie = await signIn(gwUrl, 'bench@example.com');
log('signed in; sandbox', sandbox.url, 'gateway', gwUrl);

const directHeaders = { 'x-user-email': 'bench@example.com', 'x-request-id': 'bench-direct-0001' };
const gatewayHeaders = { cookie, origin: gwUrl, 'x-requested-with': 'XMLHttpRequest' };
const direct1 = target(`${upstreamBase}/customer-setup/rem_omni/allSetup`, {
  headers: directHeaders,
  body: PAGE,
});
const gateway1 = target(`${gwUrl}/api/proxy/customer-setup/rem_omni/allSetup`, {
  headers: gatewayHeaders,
  body: PAGE,
});

// Warm-up: JIT, connection pools, SQLite pages.
await load(direct1, { concurrency: 1, count: 300 });
const warm = await load(gateway1, { concurrency: 1, count: 300 });
if (warm.errors > 0) throw new Error('the gateway answers errors before the benchmark starts');

// 1 connection, alternating rounds.
const lat = { direct: [], gateway: [] };
for (let r = 0; r < ROUNDS; r++) {
  await load(direct1, { concurrency: 1, count: ROUND_REQUESTS, latencies: lat.direct });
  await load(gateway1, { concurrency: 1, count: ROUND_REQUESTS, latencies: lat.gateway });
}
const p50 = percentile(lat.gateway, 50) - percentile(lat.direct, 50);
const p99 = percentile(lat.gateway, 99) - percentile(lat.direct, 99);
log(
  `1 connection: direct p50 ${percentile(lat.direct, 50).toFixed(3)} ms, p99 ${percentile(lat.direct, 99).toFixed(3)} ms; gateway p50 ${percentile(lat.gateway, 50).toFixed(3)} ms, p99 ${percentile(lat.gateway, 99).toFixed(3)} ms`,
);
metric('added_latency_p50_1conn', p50, '<= 1', p50 <= 1, 'ms');
metric('added_latency_p99_1conn', p99, '<= 5', p99 <= 5, 'ms');

// CONNECTIONS connections, alternating rounds of fixed duration.
const directN = target(`${upstreamBase}/customer-setup/rem_omni/allSetup`, {
  headers: directHeaders,
  body: PAGE,
  connections: CONNECTIONS,
});
const gatewayN = target(`${gwUrl}/api/proxy/customer-setup/rem_omni/allSetup`, {
  headers: gatewayHeaders,
  body: PAGE,
  connections: CONNECTIONS,
});
const totals = {
  direct: { ok: 0, errors: 0, seconds: 0 },
  gateway: { ok: 0, errors: 0, seconds: 0 },
};
let upstreamConnections = 0;
for (let r = 0; r < 3; r++) {
  const d = await load(directN, { concurrency: CONNECTIONS, durationMs: THROUGHPUT_ROUND_MS });
  const before = await sandbox.accepted();
  const g = await load(gatewayN, { concurrency: CONNECTIONS, durationMs: THROUGHPUT_ROUND_MS });
  upstreamConnections += (await sandbox.accepted()) - before;
  for (const [k, v] of [
    ['direct', d],
    ['gateway', g],
  ]) {
    totals[k].ok += v.ok;
    totals[k].errors += v.errors;
    totals[k].seconds += v.seconds;
  }
}
const directRps = totals.direct.ok / totals.direct.seconds;
const gatewayRps = totals.gateway.ok / totals.gateway.seconds;
log(
  `${CONNECTIONS} connections: direct ${directRps.toFixed(0)} req/s, gateway ${gatewayRps.toFixed(0)} req/s`,
);
metric(
  `errors_${CONNECTIONS}conn`,
  totals.gateway.errors + totals.direct.errors,
  '0',
  totals.gateway.errors + totals.direct.errors === 0,
);
metric(
  `throughput_ratio_${CONNECTIONS}conn`,
  gatewayRps / directRps,
  'report (gateway req/s ÷ direct req/s)',
  true,
);
metric('gateway_rps', gatewayRps, 'report', true, 'req/s');
metric(
  'upstream_connections_opened',
  upstreamConnections,
  `<= ${CONNECTIONS} for ${totals.gateway.ok} proxied requests (kept alive and reused)`,
  upstreamConnections <= CONNECTIONS,
);

// Memory after a sustained load.
log(`soak: ${SOAK_SECONDS} s at ${CONNECTIONS} connections`);
const soak = await load(gatewayN, { concurrency: CONNECTIONS, durationMs: SOAK_SECONDS * 1000 });
const rss = rssMb(gateway.pid);
log(`gateway RSS ${rss.toFixed(0)} MB (at start ${rssAtStart.toFixed(0)} MB)`);
metric(`gateway_rss_after_${SOAK_SECONDS}s_load`, rss, '<= 256', rss <= 256, 'MB');
metric('soak_errors', soak.errors, '0', soak.errors === 0);
direct1.close();
gateway1.close();
directN.close();
gatewayN.close();

// Session store round trips per request, counted by a real redis-server (INFO commandstats).
const redisBin = findRedis();
if (!redisBin) {
  metric('session_store_round_trips_per_request', null, '<= 2 (needs redis-server)', false);
} else {
  const redisPort = await freePort();
  const redis = spawn(
    redisBin,
    ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  children.push(redis);
  for (let i = 0; i < 50; i++) {
    try {
      if ((await redisCommand(redisPort, 'PING')).startsWith('+PONG')) break;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await startGateway(redisGwPort, {
    ...gatewayEnv,
    SESSION_STORE: 'redis',
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
  });
  const redisCookie = await signIn(redisGwUrl, 'bench@example.com');
  const t = target(`${redisGwUrl}/api/proxy/customer-setup/rem_omni/allSetup`, {
    headers: { cookie: redisCookie, origin: redisGwUrl, 'x-requested-with': 'XMLHttpRequest' },
    body: PAGE,
  });
  await load(t, { concurrency: 1, count: 50 });
  await redisCommand(redisPort, 'CONFIG', 'RESETSTAT');
  const N = 500;
  const r = await load(t, { concurrency: 1, count: N });
  const stats = await redisCommand(redisPort, 'INFO', 'commandstats');
  const calls = Object.fromEntries(
    [...stats.matchAll(/cmdstat_([a-z|]+):calls=(\d+)/g)].map((m) => [m[1], Number(m[2])]),
  );
  const sessionCalls = ['get', 'set', 'setex', 'expire', 'pexpire', 'del'].reduce(
    (sum, c) => sum + (calls[c] ?? 0),
    0,
  );
  const perRequest = sessionCalls / N;
  log('redis commands during', N, 'requests:', JSON.stringify(calls), 'errors', r.errors);
  metric(
    'session_store_round_trips_per_request',
    perRequest,
    '<= 2',
    perRequest <= 2 && r.errors === 0,
  );
  // The rate limiter's EVALSHA is one round trip (the PTTL/INCR inside its script are not).
  const withLimiter = sessionCalls + (calls.evalsha ?? 0);
  metric('redis_round_trips_per_request_incl_rate_limit', withLimiter / N, 'report', true);
  t.close();
}

cleanup();
sandbox.child.kill('SIGKILL');
process.exit(0);
