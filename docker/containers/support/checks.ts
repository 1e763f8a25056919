// What the running stack is checked for, over real HTTP through nginx and through podman.
import { gunzipSync } from 'node:zlib';
import { operationById } from '@onboarding/contracts';
import { Browser, signIn, sleep, waitFor } from '@onboarding/test-support';
import { assert, assertEqual } from './report.ts';
import { rawGet } from './http.ts';
import { podman } from './run.ts';
import { type Container, type Service, type Stack } from './stack.ts';

export interface Addresses {
  /** http://localhost:<web port>: PUBLIC_URL, nginx */
  readonly publicUrl: string;
  /** http://sandbox.localhost:<sandbox port>: the issuer's origin, for the browser and the gateways */
  readonly sandboxUrl: string;
}

/**
 * Run by node inside a gateway with the sandbox's origin: its resolver settings and neighbour
 * table, then the name lookup, a TCP connection and an HTTP answer, each timed (3 s at most).
 */
const REACH_SANDBOX = `
const fs = require('node:fs'), dns = require('node:dns'), net = require('node:net');
const url = new URL(process.argv[1]);
const port = Number(url.port || 80);
const timed = (p) => { const t = Date.now(); return p.then((v) => v + ' in ' + (Date.now() - t) + ' ms', (e) => (e.code || e.message) + ' after ' + (Date.now() - t) + ' ms'); };
const within = (ms, f) => new Promise((ok, no) => { const timer = setTimeout(() => no(new Error('no answer')), ms); f(ok, no, () => clearTimeout(timer)); });
(async () => {
  const line = (s) => s.replace(/\\s+/g, ' ').trim();
  console.log('resolv.conf:', line(fs.readFileSync('/etc/resolv.conf', 'utf8').replace(/^#.*$/gm, '')));
  console.log('arp:', line(fs.readFileSync('/proc/net/arp', 'utf8')));
  let address;
  console.log('lookup:', await timed(within(3000, (ok, no, done) => dns.lookup(url.hostname, { all: true }, (e, a) => { done(); if (e) no(e); else { address = a[0].address; ok(a.map((x) => x.address).join(',')); } }))));
  if (address) console.log('tcp:', await timed(within(3000, (ok, no, done) => { const c = net.connect(port, address, () => { done(); c.destroy(); ok('connected'); }); c.on('error', (e) => { done(); no(e); }); setTimeout(() => c.destroy(), 3000).unref(); })));
  console.log('http:', await timed(fetch(url.origin + '/health', { signal: AbortSignal.timeout(3000) }).then((r) => String(r.status))));
})();
`;

/**
 * Each gateway's readiness as it tells it on its own loopback, with the indicators' messages
 * (which nginx's callers are not told): why the sandbox or Redis is down for it.
 */
async function readinessFromInside(stack: Stack, sandboxUrl: string): Promise<string> {
  const script =
    "fetch('http://127.0.0.1:8080/api/ready').then((r) => r.text()).then(console.log, console.log)";
  const told: string[] = [];
  for (const service of ['gateway-1', 'gateway-2'] as const) {
    const c = await stack.container(service);
    const r = await podman(['exec', c.name, 'node', '-e', script], {
      allowFailure: true,
      timeoutMs: 15_000,
    });
    // How it reaches the sandbox, step by step: the gateways sit on two networks, each with its
    // own DNS, and a CI run saw one gateway time out on every call while the other answered.
    const reach = await podman(['exec', c.name, 'node', '-e', REACH_SANDBOX, sandboxUrl], {
      allowFailure: true,
      timeoutMs: 20_000,
    });
    told.push(
      `${service}: ${(r.stdout + r.stderr).trim()} [reaching the sandbox: ${(reach.stdout + reach.stderr).replace(/\s+/g, ' ').trim()}]`,
    );
  }
  return told.join('; ');
}

const READY_WITHIN_MS = 60_000;

export async function healthThroughNginx(
  { publicUrl, sandboxUrl }: Addresses,
  stack: Stack,
): Promise<void> {
  const healthz = await fetch(`${publicUrl}/healthz`);
  assertEqual([healthz.status, await healthz.text()], [200, 'ok\n'], 'nginx /healthz');
  const health = await fetch(`${publicUrl}/api/health`);
  assertEqual([health.status, await health.json()], [200, { status: 'ok' }], 'GET /api/health');
  // nginx's own request id comes back from the gateway: the answer went through both.
  assert(/^[0-9a-f]{32}$/.test(health.headers.get('x-request-id') ?? ''), 'no nginx request id');
  // Readiness follows the dependencies and may lag liveness (which is all that "healthy" waits
  // for) by a few checks on a busy machine: polled as a probe would, until both gateways (nginx
  // alternates between them) answer ready in a row. Runs here have seen one gateway unable to
  // reach the sandbox for its first 30-36 s while the other could: its name lookups went
  // unanswered by the DNS of the stack's default network (podman's aardvark-dns, the gateway's
  // first nameserver; the other gateway listed the session-store network's first, which
  // answered). The wait outlasts that, and shows it (docs/testing.md#the-container-check).
  type Ready = {
    status?: string;
    details?: Record<string, { status?: string; message?: string }>;
  };
  let last: [number, Ready] = [0, {}];
  let inARow = 0;
  // What the gateways see while it lasts, not only once the wait is over (a CI run's lasted 30 s).
  const started = Date.now();
  let meanwhile: string | undefined;
  await waitFor(
    async () => {
      const ready = await fetch(`${publicUrl}/api/ready`);
      last = [ready.status, (await ready.json()) as Ready];
      inARow = ready.status === 200 ? inARow + 1 : 0;
      if (inARow === 0 && meanwhile === undefined && Date.now() - started > 10_000)
        meanwhile = await readinessFromInside(stack, sandboxUrl);
      return inARow >= 2;
    },
    { timeoutMs: READY_WITHIN_MS, intervalMs: 500, what: 'GET /api/ready to answer 200' },
  ).catch(() => undefined);
  const [status, body] = last;
  // A slow start passes but is shown, with what the gateways saw while it lasted.
  if (status === 200 && meanwhile !== undefined)
    console.log(
      `    ready after ${((Date.now() - started) / 1000).toFixed(1)} s; inside after 10 s, ${meanwhile}`,
    );
  const up = (name: string) => body.details?.[name]?.status;
  const seen = [status, body.status, up('sessionStore'), up('customer-setup'), up('llm')];
  const ready = [200, 'ok', 'up', 'up', 'up'];
  const inside =
    status === 200
      ? ''
      : `; inside after 10 s, ${meanwhile ?? 'not asked'}; inside at the end, ${await readinessFromInside(stack, sandboxUrl)}`;
  assertEqual(
    seen,
    ready,
    `GET /api/ready within ${READY_WITHIN_MS / 1000} s (Redis and the sandbox, as the gateway reaches them${inside})`,
  );
}

/** The operator's own browser, signed in through the sandbox's identity provider. */
export async function signInThroughIdp(
  { publicUrl, sandboxUrl }: Addresses,
  email: string,
): Promise<Browser> {
  const flow = await signIn(publicUrl, email);
  const atIdp = flow.hops.filter((h) => h.url.startsWith(`${sandboxUrl}/oidc/`));
  assert(
    atIdp.length > 0,
    `the walk never reached ${sandboxUrl}/oidc: ${flow.hops.map((h) => h.url).join(' → ')}`,
  );
  assertEqual(flow.landedOn, '/', 'where the callback sends the operator');
  const config = await flow.browser.get(`${publicUrl}/api/config`);
  assertEqual(
    [config.status, (config.json as { user?: { email?: string } }).user?.email],
    [200, email],
    'GET /api/config after sign-in',
  );
  return flow.browser;
}

/** One declared upstream operation through nginx, the gateway and the sandbox. */
export async function proxiedCall({ publicUrl }: Addresses, browser: Browser): Promise<void> {
  const op = operationById('rem_omni.allSetup');
  assert(op, 'rem_omni.allSetup is not declared in packages/contracts');
  const body = op.body!.parse({ searchText: '', limit: 5, offset: 0 });
  const anonymous = await new Browser(publicUrl).request(op.method, `${publicUrl}${op.path}`, {
    json: body,
  });
  assertEqual(anonymous.status, 401, `${op.method} ${op.path} without a session`);
  const res = await browser.request(op.method, `${publicUrl}${op.path}`, { json: body });
  assertEqual(res.status, 200, `${op.method} ${op.path}: ${res.text.slice(0, 300)}`);
  const parsed = op.response.safeParse(res.json);
  assert(parsed.success, `the answer is not the contract's: ${parsed.error?.message ?? ''}`);
  assert(Array.isArray(parsed.data) && parsed.data.length > 0, 'no setups from the sandbox');
}

async function configAs(browser: Browser, publicUrl: string, email: string, times: number) {
  const ids: string[] = [];
  for (let i = 0; i < times; i++) {
    const res = await browser.get(`${publicUrl}/api/config`);
    assertEqual(
      [res.status, (res.json as { user?: { email?: string } } | undefined)?.user?.email],
      [200, email],
      `GET /api/config (request ${i + 1} of ${times})`,
    );
    ids.push(res.headers.get('x-request-id') ?? '');
  }
  return ids;
}

async function waitHealthy(stack: Stack, service: Service): Promise<void> {
  await waitFor(
    async () => {
      const c = await stack.container(service);
      if (c.state !== 'running') return false;
      // Its health check now rather than at the loop's next turn.
      return (await podman(['healthcheck', 'run', c.name], { allowFailure: true })).code === 0;
    },
    { timeoutMs: 60_000, intervalMs: 250, what: `${service} healthy again` },
  );
}

/**
 * nginx resolves the replicas' names when it starts or reloads, and a container started again
 * has a new address: after replacing a gateway, reload nginx (README.md, Deployment).
 */
async function reloadNginx(stack: Stack): Promise<void> {
  const web = await stack.container('web');
  await podman(['exec', web.name, 'nginx', '-s', 'reload']);
  // The old workers finish their requests and leave; new ones hold the new addresses.
  await sleep(500);
}

/**
 * One replica stopped: the other serves the session. That one started again, nginx reloaded and
 * the other stopped: the restarted replica, with nothing in memory, serves the session alone
 * (it is in Redis). Both run again at the end.
 */
export async function sessionAcrossReplicas(
  stack: Stack,
  { publicUrl }: Addresses,
  browser: Browser,
  email: string,
): Promise<void> {
  const one = await stack.container('gateway-1');
  const two = await stack.container('gateway-2');
  try {
    await podman(['stop', '--time', '20', one.name]);
    assertEqual(
      (await stack.container('gateway-1')).state,
      'exited',
      'gateway-1 after podman stop',
    );
    await configAs(browser, publicUrl, email, 6);

    await podman(['start', one.name]);
    await waitHealthy(stack, 'gateway-1');
    await reloadNginx(stack);
    await podman(['stop', '--time', '20', two.name]);
    const ids = await configAs(browser, publicUrl, email, 6);
    // nginx's request ids: each answer came from the restarted gateway-1.
    await waitFor(
      async () => {
        const logs = (await podman(['logs', one.name])).stdout;
        return ids.every((id) => logs.includes(`"${id}"`));
      },
      { timeoutMs: 5_000, what: "the requests in the restarted gateway-1's log" },
    );
  } finally {
    for (const service of ['gateway-1', 'gateway-2'] as const) {
      const c = await stack.container(service);
      if (c.state !== 'running') await podman(['start', c.name]);
      await waitHealthy(stack, service);
    }
    await reloadNginx(stack);
  }
}

/** index and route pages revalidated, hashed assets a year, the build's .gz, no SPA fallback. */
export async function staticPages({ publicUrl }: Addresses): Promise<void> {
  const index = await rawGet(`${publicUrl}/`);
  assertEqual([index.status, index.headers['cache-control']], [200, 'no-cache'], 'GET /');
  const html = index.body.toString('utf8');
  const route = await rawGet(`${publicUrl}/rem_omni/details/42`);
  const page = await rawGet(`${publicUrl}/pages/remOmniSetupDetail.html`);
  assertEqual([route.status, route.headers['cache-control']], [200, 'no-cache'], 'a route page');
  assert(route.body.equals(page.body), '/rem_omni/details/42 is not its own page (pages.map)');
  assert(!route.body.equals(index.body), 'the route page is index.html');

  const asset = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  assert(asset, `no /assets/*.js script in index.html: ${html.slice(0, 300)}`);
  const plain = await rawGet(`${publicUrl}${asset}`, { 'accept-encoding': 'identity' });
  const gzipped = await rawGet(`${publicUrl}${asset}`, { 'accept-encoding': 'gzip' });
  const built = await rawGet(`${publicUrl}${asset}.gz`, { 'accept-encoding': 'identity' });
  for (const [what, res] of [
    ['plain', plain],
    ['gzip', gzipped],
  ] as const) {
    assertEqual(
      [res.status, res.headers['cache-control']],
      [200, 'public, max-age=31536000, immutable'],
      `${asset} (${what})`,
    );
  }
  assertEqual(gzipped.headers['content-encoding'], 'gzip', `${asset} with Accept-Encoding: gzip`);
  assertEqual(built.status, 200, `${asset}.gz`);
  // The build's own file (gzip_static), not nginx compressing on the fly.
  assert(gzipped.body.equals(built.body), `${asset}: the gzip answer is not the build's .gz`);
  assert(gunzipSync(gzipped.body).equals(plain.body), `${asset}: the .gz is not the script`);
  const missing = await rawGet(`${publicUrl}/assets/no-such-chunk-0000.js`);
  assertEqual(missing.status, 404, 'a missing asset');
}

interface Inspected {
  Config: { User?: string };
  HostConfig: {
    ReadonlyRootfs?: boolean;
    CapAdd?: string[] | null;
    CapDrop?: string[] | null;
    SecurityOpt?: string[] | null;
    Memory?: number;
    NanoCpus?: number;
    PidsLimit?: number;
    LogConfig?: { Type?: string; Size?: string };
  };
  EffectiveCaps?: string[] | null;
}

async function inspect(container: Container): Promise<Inspected> {
  const r = await podman(['inspect', '--format', 'json', container.name]);
  return (JSON.parse(r.stdout) as Inspected[])[0]!;
}

/** Non-root, read-only root filesystem, no capability, no-new-privileges: asked of podman and of the kernel. */
export async function hardened(container: Container): Promise<void> {
  const info = await inspect(container);
  const user = info.Config.User ?? '';
  assert(user && !/^(0|root)(:|$)/.test(user), `${container.service} runs as user "${user}"`);
  assertEqual(info.HostConfig.ReadonlyRootfs, true, `${container.service} ReadonlyRootfs`);
  assertEqual(info.HostConfig.CapAdd ?? [], [], `${container.service} CapAdd`);
  assert((info.HostConfig.CapDrop ?? []).length > 0, `${container.service} drops no capability`);
  assertEqual(info.EffectiveCaps ?? [], [], `${container.service} EffectiveCaps`);
  assert(
    (info.HostConfig.SecurityOpt ?? []).some((o) => /^no-new-privileges(:true|=true)?$/.test(o)),
    `${container.service} SecurityOpt ${JSON.stringify(info.HostConfig.SecurityOpt)}`,
  );
  // The container's first process as the kernel sees it.
  const status = (await podman(['exec', container.name, 'cat', '/proc/1/status'])).stdout;
  const field = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'm').exec(status)?.[1]?.trim();
  const uids = (field('Uid') ?? '').split(/\s+/);
  assert(
    uids.length === 4 && uids.every((u) => u !== '0'),
    `${container.service} uids ${uids.join(' ')}`,
  );
  for (const set of ['CapEff', 'CapPrm', 'CapBnd', 'CapAmb'])
    assertEqual(field(set), '0000000000000000', `${container.service} ${set}`);
  assertEqual(field('NoNewPrivs'), '1', `${container.service} NoNewPrivs`);
  const write = await podman(['exec', container.name, 'sh', '-c', 'echo x > /probe-write'], {
    allowFailure: true,
  });
  assert(
    write.code !== 0 && /read-only file system/i.test(write.stderr),
    `${container.service}: writing / ${write.code === 0 ? 'worked' : `failed otherwise: ${write.stderr}`}`,
  );
}

/** Sizes as compose writes them ("512m") in bytes. */
function bytes(size: string | number): number {
  if (typeof size === 'number') return size;
  const m = /^(\d+(?:\.\d+)?)\s*([kmg]?)b?$/i.exec(size.trim());
  if (!m) throw new Error(`not a size: ${size}`);
  const unit = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[
    m[2]!.toLowerCase() as '' | 'k' | 'm' | 'g'
  ];
  return Math.round(Number(m[1]) * unit);
}

export interface ServiceLimits {
  mem_limit?: string | number;
  cpus?: string | number;
  pids_limit?: number;
  logging?: { driver?: string; options?: Record<string, string> };
}

/** The container has the compose file's memory, CPU and process limits and log rotation. */
export async function limited(container: Container, expected: ServiceLimits): Promise<void> {
  const info = await inspect(container);
  const hc = info.HostConfig;
  assert(
    expected.mem_limit && expected.cpus && expected.pids_limit,
    `${container.service} has no limits in compose.yaml`,
  );
  assertEqual(
    [hc.Memory, hc.NanoCpus, hc.PidsLimit],
    [bytes(expected.mem_limit), Math.round(Number(expected.cpus) * 1e9), expected.pids_limit],
    `${container.service} memory, CPUs (nano), pids`,
  );
  const maxSize = expected.logging?.options?.['max-size'];
  assert(maxSize, `${container.service} has no log max-size in compose.yaml`);
  // podman's json-file is its k8s-file; it keeps one file, truncated at max-size.
  assertEqual(
    [hc.LogConfig?.Type, bytes(hc.LogConfig?.Size?.replace(/MB$/, 'm').replace(/kB$/, 'k') ?? '0')],
    [expected.logging?.driver, bytes(maxSize)],
    `${container.service} log driver and max-size`,
  );
}
