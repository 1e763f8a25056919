#!/usr/bin/env node
// The fleet section of the gateway bench (issue 32), run at the end of bench.mjs or alone
// (`npm exec -- node bench/fleet.mjs` in apps/gateway, after `npm run build`). A sandbox of its
// own seeded with BENCH_FLEET_SETUPS (5000) more Category Leaderboard setups, and a gateway that
// refreshes the fleet snapshot every BENCH_FLEET_REFRESH_SECONDS (5) while polled. It reports:
// - the first snapshot's time and upstream calls (the gateway's 'fleet snapshot refreshed' log);
// - the next refresh's calls, nothing having changed: list calls (productList, each product's
//   stepList, every allSetup page) and workflow reads, which should be none (a workflow is read
//   again only when its rows changed or an operator changed it through the console);
// - the snapshot's memory: the gateway's heap used after a full GC (through the inspector)
//   before the first read and after the snapshot is held;
// - the size of the Category Leaderboard answer (it carries every bucket's setup ids), as JSON and
//   as sent to a client accepting gzip, or br; the health screen's read of it (counts only), and
//   the time of a page of the largest bar's setups (fleet.matching).
import { fork, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { freePort, waitFor } from '@onboarding/test-support';
import { metric, signIn } from './lib.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const log = (...a) => console.error('[bench fleet]', ...a);

/** Heap figures of a process started with --inspect, after a full GC (Chrome DevTools Protocol). */
async function heapAfterGc(inspectPort) {
  const [target] = await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json();
  const ws = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = reject;
  });
  let id = 0;
  const pending = new Map();
  ws.onmessage = (e) => {
    const m = JSON.parse(e.data);
    pending.get(m.id)?.(m.result);
  };
  const send = (method, params = {}) =>
    new Promise((resolve) => {
      pending.set(++id, resolve);
      ws.send(JSON.stringify({ id, method, params }));
    });
  // Twice: what the first frees may let the second free more (weak references, finalisers).
  await send('HeapProfiler.collectGarbage');
  await send('HeapProfiler.collectGarbage');
  const { result } = await send('Runtime.evaluate', {
    expression: 'JSON.stringify(process.memoryUsage())',
    returnByValue: true,
  });
  ws.close();
  return JSON.parse(result.value);
}

export async function benchFleet({
  main = path.join(here, '../dist/main.js'),
  nodeOptions = process.env.BENCH_NODE_OPTIONS ?? '',
  setups = Number(process.env.BENCH_FLEET_SETUPS ?? 5000),
  refreshSeconds = Number(process.env.BENCH_FLEET_REFRESH_SECONDS ?? 5),
} = {}) {
  const children = [];
  const port = await freePort();
  const inspectPort = await freePort();
  const url = `http://127.0.0.1:${port}`;
  try {
    const seeding = Date.now();
    const sandboxChild = fork(path.join(here, 'sandbox-process.mjs'), [], {
      env: {
        ...process.env,
        BENCH_GATEWAY_ORIGINS: JSON.stringify([url]),
        BENCH_SANDBOX_EXTRA_SETUPS: String(setups),
      },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    children.push(sandboxChild);
    const sandbox = await new Promise((resolve, reject) => {
      sandboxChild.once('exit', (code) => reject(new Error(`sandbox exited ${code}`)));
      sandboxChild.on('message', (m) => m.type === 'ready' && resolve(m));
    });
    log(`sandbox seeded with ${setups} more setups in ${Date.now() - seeding} ms`);

    const gateway = spawn(process.execPath, [`--inspect=127.0.0.1:${inspectPort}`, main], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'development',
        NODE_OPTIONS: nodeOptions,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: url,
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-bench-fleet-')),
        OIDC_ISSUER: `${sandbox.url}/oidc`,
        CUSTOMER_SETUP_API_URL: `http://127.0.0.1:${sandbox.port}/customer-setup`,
        LLM_API_URL: `http://127.0.0.1:${sandbox.port}/llm`,
        FLEET_REFRESH_SECONDS: String(refreshSeconds),
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    children.push(gateway);
    // Each refresh logs its cost: { msg: 'fleet snapshot refreshed', calls, ms, setups }.
    const refreshes = [];
    readline.createInterface({ input: gateway.stdout }).on('line', (line) => {
      if (!line.includes('fleet snapshot refreshed')) return;
      try {
        refreshes.push(JSON.parse(line));
      } catch {
        // not a log line of ours
      }
    });
    await waitFor(async () => (await fetch(`${url}/api/ready`)).ok, {
      timeoutMs: 20_000,
      intervalMs: 100,
      what: `${url}/api/ready`,
    });
    const cookie = await signIn(url, 'bench@example.com');
    const headers = { cookie, origin: url, 'x-requested-with': 'XMLHttpRequest' };
    const get = async (query) => {
      const res = await fetch(`${url}/api/fleet/snapshot?${query}`, { headers });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`fleet snapshot ${res.status}: ${text}`);
      return { snapshot: JSON.parse(text), bytes: Buffer.byteLength(text), text };
    };
    /** The bytes an answer takes on the wire for this Accept-Encoding, and its encoding. */
    const wire = (query, acceptEncoding, read = 'snapshot') =>
      new Promise((resolve, reject) => {
        const req = http.get(
          `${url}/api/fleet/${read}?${query}`,
          { headers: { ...headers, 'accept-encoding': acceptEncoding } },
          (res) => {
            let bytes = 0;
            res.on('data', (c) => (bytes += c.length));
            res.on('end', () => resolve({ bytes, encoding: res.headers['content-encoding'] }));
          },
        );
        req.on('error', reject);
      });
    const before = await heapAfterGc(inspectPort);

    // The first request starts the first read; polling keeps operators "active".
    const started = Date.now();
    const first = await waitFor(
      async () => {
        const { snapshot } = await get('flow=rem_omni');
        return snapshot.state === 'ready' ? snapshot : undefined;
      },
      { timeoutMs: 600_000, intervalMs: 250, what: 'the first fleet snapshot' },
    );
    const firstMs = Date.now() - started;
    const held = await heapAfterGc(inspectPort);
    // The next refresh, nothing having changed upstream.
    await waitFor(
      async () => {
        await get('flow=rem_omni');
        return refreshes.length >= 2;
      },
      { timeoutMs: 600_000, intervalMs: 250, what: 'a second fleet refresh' },
    );
    const after = await heapAfterGc(inspectPort);
    const [firstRefresh, second] = refreshes;

    // What a no-change refresh should cost: every list call, no workflow (in flight or not).
    const moving = new Set();
    let pages = 0;
    let clBytes = 0;
    let clGzip = { bytes: 0 };
    let clBr = { bytes: 0 };
    let healthGzip = { bytes: 0 };
    let matchingMs = 0;
    let matchingBar = '';
    for (const flow of first.flows) {
      const query =
        flow.productId === null ? 'flow=rem_omni' : `flow=meta&productId=${flow.productId}`;
      const { snapshot, bytes } = await get(query);
      if (flow.productId === null) {
        clBytes = bytes;
        clGzip = await wire(query, 'gzip');
        clBr = await wire(query, 'gzip, deflate, br, zstd');
        healthGzip = await wire(query, 'gzip', 'health');
        // The panel's first page of the largest bar (the health answer names no setup).
        const largest = snapshot.metrics.setupsByStep.reduce((a, b) =>
          b.setups > a.setups ? b : a,
        );
        const bar = new URLSearchParams({ chart: 'bucket', status: largest.status });
        if (largest.stepName !== null) bar.set('stepName', largest.stepName);
        const t0 = performance.now();
        const page = await fetch(`${url}/api/fleet/matching?${query}&${bar}`, { headers });
        await page.text();
        matchingMs = performance.now() - t0;
        matchingBar = `${largest.stepName} ${largest.status}, ${largest.setups} setups`;
        const parts = Object.entries(snapshot.metrics).map(
          ([key, v]) => `${key} ${(JSON.stringify(v).length / 1024).toFixed(0)} KB`,
        );
        log(`Category Leaderboard answer ${(bytes / 1024).toFixed(0)} KB: ${parts.join(', ')}`);
      }
      pages += Math.max(1, Math.ceil(flow.setups / 100));
      for (const b of snapshot.metrics.setupsByStep)
        if (!['COMPLETED', 'FAILED'].includes(b.status))
          for (const id of b.setupIds) moving.add(`${flow.productId}:${id}`);
    }
    const products = first.flows.length - 1;
    const listCalls = 1 + products + pages;
    const total = first.flows.reduce((n, f) => n + f.setups, 0);
    const mb = (bytes) => bytes / 2 ** 20;
    log(
      `first snapshot: ${total} setups in ${first.flows.length} flows, ${firstMs} ms to ready ` +
        `(read ${firstRefresh.ms} ms), calls ${JSON.stringify(firstRefresh.calls)}; no-change ` +
        `refresh: ${second.ms} ms, calls ${JSON.stringify(second.calls)} (list calls ${listCalls}: ` +
        `productList, ${products} stepList, ${pages} allSetup pages; ${moving.size} setups in flight)`,
    );
    log(
      `heap used after GC: ${mb(before.heapUsed).toFixed(1)} MB before, ` +
        `${mb(held.heapUsed).toFixed(1)} MB with the snapshot, ${mb(after.heapUsed).toFixed(1)} MB ` +
        `after the next refresh; RSS ${mb(after.rss).toFixed(0)} MB`,
    );
    metric('fleet_setups', total, `>= 5000 (${setups} seeded beyond the usual)`, total >= 5000);
    metric('fleet_first_snapshot_ms', firstMs, 'report (first request to ready)', true, 'ms');
    metric('fleet_first_snapshot_list_calls', firstRefresh.calls.lists, 'report', true);
    metric('fleet_first_snapshot_workflow_calls', firstRefresh.calls.workflows, 'report', true);
    metric(
      'fleet_no_change_refresh_list_calls',
      second.calls.lists,
      `= ${listCalls} (productList, ${products} per-product stepList, ${pages} allSetup pages)`,
      second.calls.lists === listCalls,
    );
    metric(
      'fleet_no_change_refresh_workflow_calls',
      second.calls.workflows,
      `0 (list pages only; ${moving.size} setups in flight, none re-read)`,
      second.calls.workflows === 0,
    );
    metric('fleet_no_change_refresh_ms', second.ms, 'report', true, 'ms');
    const heldMb = mb(Math.max(held.heapUsed, after.heapUsed) - before.heapUsed);
    metric(
      'fleet_snapshot_heap_mb',
      heldMb,
      '<= 64 (heap used after GC, held − before)',
      heldMb <= 64,
      'MB',
    );
    metric(
      'fleet_answer_cl_kb',
      clBytes / 1024,
      'report (Category Leaderboard answer, JSON)',
      true,
      'KB',
    );
    metric(
      'fleet_answer_cl_gzip_kb',
      clGzip.bytes / 1024,
      `report (the same as sent for Accept-Encoding: gzip: ${clGzip.encoding ?? 'plain'})`,
      clGzip.encoding === 'gzip',
      'KB',
    );
    metric(
      'fleet_answer_cl_br_kb',
      clBr.bytes / 1024,
      `report (the same for a browser's Accept-Encoding, br too: ${clBr.encoding ?? 'plain'})`,
      clBr.encoding === 'br',
      'KB',
    );
    metric(
      'fleet_health_answer_cl_gzip_kb',
      healthGzip.bytes / 1024,
      `report (the health screen's read of it, counts only: ${healthGzip.encoding ?? 'plain'})`,
      healthGzip.encoding === 'gzip',
      'KB',
    );
    metric(
      'fleet_matching_first_page_ms',
      matchingMs,
      `report (20 setups of the largest bar, ${matchingBar})`,
      true,
      'ms',
    );
  } finally {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await benchFleet();
  process.exit(0);
}
