// The real images, built and run (`npm run test:containers -w @onboarding/docker`; `npm test`
// runs it as its own step). With podman, as root:
//   1. installs podman and what it needs with apt-get when missing;
//   2. makes the base images (no pull is possible): Debian by debootstrap, Node, nginx and Redis
//      stand-ins on it (docker/containers/base), kept between runs;
//   3. builds every target of docker/Dockerfile, unchanged, the stand-ins chosen by build argument;
//      a deliberately broken Dockerfile (fixtures/) must fail the same way;
//   4. runs docker/compose.yaml (web, two gateways, Redis, the sandbox) on a project name and
//      ports of its own, and checks it over HTTP through nginx and through podman;
//   5. removes every container, network and volume it started (the images and the build cache
//      stay), also on failure or Ctrl+C.
// Each check counts in `npm test`'s summary line (.test-results/<name>.json).
//
//   --phase build|run|all   build: steps 1-3; run: steps 4-5 on images already built; all: both
//   --results NAME          the summary's file name (containers, or containers-build for build)
//   --dockerfile PATH --targets gateway,web --prefix NAME   (the broken fixture's run)
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parse } from 'yaml';
import { type BaseImages, makeBaseImages } from './support/base-images.ts';
import {
  type Addresses,
  hardened,
  healthThroughNginx,
  limited,
  proxiedCall,
  type ServiceLimits,
  sessionAcrossReplicas,
  signInThroughIdp,
  staticPages,
} from './support/checks.ts';
import { resolveLocalhostSubdomains } from './support/http.ts';
import { webOverTls } from './support/tls.ts';
import {
  buildContainers,
  buildLabels,
  buildTarget,
  DOCKERFILE,
  imageNames,
  inspectImage,
  removeBuildContainers,
  shellIn,
  type Target,
  TARGETS,
} from './support/images.ts';
import { assert, assertEqual, Report } from './support/report.ts';
import { CONTAINERS_DIR, podman, REPO_ROOT, seconds, stopAll } from './support/run.ts';
import { projectResources, SERVICES, Stack, sweep } from './support/stack.ts';
import { ensureTools, NotRunnable } from './support/tools.ts';

/** Apart from `npm start` (8080, 4010), the e2e dev loop (18680, 18610) and the bench (18580, 18510). */
const WEB_PORT = 18780;
const SANDBOX_PORT = 18710;
/** The web image run alone with a certificate, its HTTPS port (8443) published here. */
const WEB_TLS_PORT = 18743;
const PROJECT = 'onboarding-containers-check';
const FIXTURE = path.join(CONTAINERS_DIR, 'fixtures/broken.Dockerfile');
const EMAIL = 'ops-check@example.com';
const STACK_UP =
  'compose starts web, both gateways, Redis and the sandbox, and each becomes healthy';

const { values: opts } = parseArgs({
  options: {
    phase: { type: 'string', default: 'all' },
    results: { type: 'string' },
    dockerfile: { type: 'string', default: DOCKERFILE },
    targets: { type: 'string', default: TARGETS.join(',') },
    prefix: { type: 'string', default: 'onboarding-console' },
  },
});
const phase = opts.phase as 'all' | 'build' | 'run';
if (!['all', 'build', 'run'].includes(phase)) throw new Error(`--phase: all, build or run`);
const building = phase !== 'run';
const running = phase !== 'build';
const dockerfile = path.resolve(REPO_ROOT, opts.dockerfile);
const targets = opts.targets.split(',') as Target[];
const images = imageNames(opts.prefix);
const resultsDir = process.env.TEST_RESULTS_DIR ?? path.join(REPO_ROOT, '.test-results');
const logDir = path.join(resultsDir, 'containers-logs');
fs.mkdirSync(logDir, { recursive: true });
const buildLog = path.join(logDir, `${opts.results ?? phase}-build.log`);
const stackLog = path.join(logDir, `${opts.results ?? phase}-stack.log`);
const report = new Report(opts.results ?? (phase === 'build' ? 'containers-build' : 'containers'));
const rel = (p: string) => path.relative(REPO_ROOT, p);

const timings: [string, number][] = [];
async function timed<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  try {
    return await fn();
  } finally {
    timings.push([label, (performance.now() - t0) / 1000]);
  }
}

let stack: Stack | undefined;
let interruption: Promise<void> | undefined;
/** Build containers of others (or of an earlier run) when this one started: never removed. */
let buildContainersBefore: Map<string, string> | undefined;

/**
 * Ctrl+C or a kill: the checks stop, every child ends (a build, compose, podman's API service),
 * then what compose started is removed through podman, and the run counts as failed.
 */
function interrupt(signal: NodeJS.Signals) {
  interruption ??= (async () => {
    console.log(`\n${signal}: removing what the container check started`);
    report.stop();
    stack?.abandon();
    await stopAll();
    const removed: string[] = await sweep(PROJECT).catch(() => []);
    if (buildContainersBefore) {
      const builds = await removeBuildContainers(buildContainersBefore).catch(() => []);
      if (builds.length) removed.push(`${builds.length} build containers`);
    }
    if (removed.length) console.log(`  removed ${removed.join(', ')}`);
    report.fail('the container check ran to its end', `interrupted (${signal})`, true);
    report.write();
    process.exit(130);
  })();
}
process.on('SIGINT', interrupt);
process.on('SIGTERM', interrupt);

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

// eslint-disable-next-line no-control-regex
const ANSI_COLOUR = /\x1b\[[0-9;]*m/g;

/**
 * What a failure shows of a build's or compose's log, without colours: its error lines (a
 * workspace's build can fail before others print pages of output), then its last lines.
 */
function logTail(file: string, lines = 15): string {
  if (!fs.existsSync(file)) return '';
  const plain = fs.readFileSync(file, 'utf8').replace(ANSI_COLOUR, '').trimEnd().split('\n');
  const errors = plain.filter((l) => /\berror\b/i.test(l)).slice(0, 15);
  return [...errors, ...(errors.length ? ['…'] : []), ...plain.slice(-lines)].join('\n');
}

/** The labels' values, read once: the commit may move while the images build. */
const labels = buildLabels();

async function buildImages(base: BaseImages): Promise<Set<Target>> {
  const built = new Set<Target>();
  const build = (target: Target) =>
    report.check(`builds the ${target} target of ${rel(dockerfile)} with podman`, async () => {
      const log = path.join(logDir, `${opts.results ?? phase}-build-${target}.log`);
      fs.rmSync(log, { force: true });
      try {
        await buildTarget({
          dockerfile,
          target,
          image: images[target],
          base,
          labels,
          logFile: log,
        });
      } catch (error) {
        throw new Error(`${(error as Error).message.split('\n')[0]}\n${logTail(log)}`, {
          cause: error,
        });
      }
      built.add(target);
    });
  // The gateway first: its build makes the stages the others share (layer cache), then the
  // rest at once. When it fails there, theirs would fail the same way, a minute later each.
  if (targets.includes('gateway') && !(await build('gateway'))) {
    for (const target of targets.filter((t) => t !== 'gateway'))
      report.fail(
        `builds the ${target} target of ${rel(dockerfile)} with podman`,
        'not built: the stages it shares with the gateway failed (above)',
      );
    return built;
  }
  await Promise.all(targets.filter((t) => t !== 'gateway').map(build));
  return built;
}

async function imageChecks(base: BaseImages, built: Set<Target>) {
  await report.check(
    'the images carry OCI labels and a release file: title, version, revision, creation time, base image',
    async () => {
      assert(built.size === TARGETS.length, 'not every image was built');
      for (const target of TARGETS) {
        const l = (await inspectImage(images[target])).Config.Labels ?? {};
        assertEqual(
          [
            l['org.opencontainers.image.title'],
            l['org.opencontainers.image.version'],
            l['org.opencontainers.image.revision'],
            l['org.opencontainers.image.created'],
            l['org.opencontainers.image.base.name'],
          ],
          [
            `onboarding-console-${target}`,
            labels.VERSION,
            labels.REVISION,
            labels.CREATED,
            target === 'web' ? base.nginx : base.node,
          ],
          `${images[target]} labels`,
        );
        const release = await shellIn(images[target], 'cat /etc/onboarding-console-release');
        assertEqual(
          release.stdout.trim().split('\n'),
          [
            `version=${labels.VERSION}`,
            `revision=${labels.REVISION}`,
            `created=${labels.CREATED}`,
            `base=${target === 'web' ? base.nginx : base.node}`,
          ],
          `${images[target]} /etc/onboarding-console-release`,
        );
      }
    },
  );
  await report.check(
    `the gateway and sandbox images run Node ${base.nodeVersion} with production dependencies only, no compiler, and better-sqlite3 opens a database`,
    async () => {
      assert(built.has('gateway') && built.has('sandbox'), 'not built');
      for (const target of ['gateway', 'sandbox'] as const) {
        const r = await shellIn(
          images[target],
          'node --version; id -un; ' +
            'for p in typescript jest vite @swc/core node; do [ -e node_modules/$p ] && echo "dev: $p"; done; ' +
            'for c in gcc g++ make python3; do command -v $c >/dev/null && echo "compiler: $c"; done; ' +
            `node -e "const D = require('better-sqlite3'); const db = new D(':memory:'); ` +
            `console.log('sqlite', db.prepare('select sqlite_version() v').get().v); db.close()"`,
        );
        const lines = r.stdout.trim().split('\n');
        assertEqual(r.code, 0, `${target}: ${r.stderr.trim()}`);
        assertEqual(
          lines.slice(0, 2),
          [`v${base.nodeVersion}`, 'node'],
          `${target}: node and user`,
        );
        assertEqual(
          lines.filter((l) => /^(dev|compiler): /.test(l)),
          [],
          `${target}: what it holds`,
        );
        assert(/^sqlite \d+\.\d+/.test(lines.at(-1) ?? ''), `${target}: ${lines.at(-1)}`);
      }
    },
  );
}

/** The check itself, on the broken fixture: its build must fail, and the check must say so. */
async function fixtureFails() {
  await report.check(
    `a Dockerfile whose COPY names a path missing from the build context fails the build, and the check reports it (${rel(FIXTURE)})`,
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'onboarding-fixture-'));
      const prefix = 'onboarding-console-fixture';
      try {
        const child = spawn(
          process.execPath,
          [
            path.join(CONTAINERS_DIR, 'check.ts'),
            '--phase=build',
            `--dockerfile=${FIXTURE}`,
            '--targets=gateway',
            `--prefix=${prefix}`,
            '--results=fixture',
          ],
          { cwd: REPO_ROOT, env: { ...process.env, TEST_RESULTS_DIR: dir } },
        );
        let output = '';
        child.stdout.on('data', (d: Buffer) => (output += d.toString()));
        child.stderr.on('data', (d: Buffer) => (output += d.toString()));
        const code = await new Promise<number | null>((r) => child.on('close', r));
        assertEqual(code, 1, `its exit code (output:\n${output})`);
        const summary = JSON.parse(fs.readFileSync(path.join(dir, 'fixture.json'), 'utf8')) as {
          failed: number;
        };
        assertEqual(summary.failed, 1, 'failed checks in its summary');
        assert(
          output.includes(`✗ builds the gateway target of ${rel(FIXTURE)} with podman`),
          `it does not name the failing build:\n${output}`,
        );
        assert(
          /COPY apps\/gateway\/dist[\s\S]*(no such file|no items matching|not found)/i.test(output),
          `it does not show podman's error:\n${output}`,
        );
        const exists = await podman(['image', 'exists', `${prefix}/gateway:local`], {
          allowFailure: true,
        });
        assertEqual(exists.code, 1, 'an image of the broken build');
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  );
}

async function runStack(base: BaseImages) {
  const addresses: Addresses = {
    publicUrl: `http://localhost:${WEB_PORT}`,
    sandboxUrl: `http://sandbox.localhost:${SANDBOX_PORT}`,
  };
  const vars = {
    SESSION_SECRET: randomBytes(36).toString('base64url'),
    REDIS_PASSWORD: randomBytes(32).toString('hex'),
    REDIS_IMAGE: base.redis,
    WEB_PORT: String(WEB_PORT),
    SANDBOX_PORT: String(SANDBOX_PORT),
    PUBLIC_URL: addresses.publicUrl,
    OIDC_ISSUER: `${addresses.sandboxUrl}/oidc`,
    CUSTOMER_SETUP_API_URL: `${addresses.sandboxUrl}/customer-setup`,
    LLM_API_URL: `${addresses.sandboxUrl}/llm`,
    DASHBOARD_BASE_URL: `${addresses.sandboxUrl}/dashboard`,
  };
  resolveLocalhostSubdomains();
  // What an earlier run that was killed outright may have left.
  const stale = await sweep(PROJECT);
  if (stale.length) console.log(`  (removed what an earlier run left: ${stale.join(', ')})`);
  stack = new Stack({ project: PROJECT, vars, logFile: stackLog });
  const up = await timed('stack up', () =>
    report.check(STACK_UP, async () => {
      for (const port of [WEB_PORT, SANDBOX_PORT])
        assert(await portFree(port), `port ${port} is taken: the check needs it`);
      for (const image of [...Object.values(images), base.redis]) {
        const r = await podman(['image', 'exists', image], { allowFailure: true });
        assert(r.code === 0, `image ${image} is missing (the build phase did not make it)`);
      }
      try {
        await stack!.up();
        await stack!.healthy();
      } catch (error) {
        throw new Error(`${(error as Error).message}\n${logTail(stackLog, 20)}`, {
          cause: error,
        });
      }
    }),
  );
  if (up) {
    await timed('checks', async () => {
      await report.check(
        'nginx answers /healthz, and /api/health and /api/ready from a gateway behind it',
        () => healthThroughNginx(addresses, stack!),
      );
      let browser: Awaited<ReturnType<typeof signInThroughIdp>> | undefined;
      await report.check(
        "signs in through the sandbox's identity provider, the browser walking its redirects",
        async () => {
          browser = await signInThroughIdp(addresses, EMAIL);
        },
      );
      await report.check(
        "a proxied customer-setup call with the session answers in the contract's shape",
        async () => {
          assert(browser, 'not signed in');
          await proxiedCall(addresses, browser);
        },
      );
      await report.check(
        'the session holds while one gateway is stopped, and on the restarted one alone (Redis)',
        async () => {
          assert(browser, 'not signed in');
          await sessionAcrossReplicas(stack!, addresses, browser, EMAIL);
        },
      );
      await report.check(
        "pages are revalidated, hashed assets cached a year, and gzip gets the build's .gz",
        () => staticPages(addresses),
      );
      for (const service of SERVICES) {
        await report.check(
          `${service} runs as a non-root user on a read-only root filesystem, every capability dropped, no-new-privileges`,
          async () => hardened(await stack!.container(service)),
        );
      }
      await report.check(
        "each container has the compose file's memory, CPU and process limits and log rotation",
        async () => {
          const config = parse((await stack!.compose(['config'])).stdout) as {
            services: Record<string, ServiceLimits>;
          };
          for (const service of SERVICES) {
            await limited(await stack!.container(service), config.services[service] ?? {});
          }
        },
      );
      await report.check(
        'given a certificate, the web image serves HTTP/2 over TLS on 8443 with the headers and bytes of plain 8080 (its entrypoint runs 25-onboarding-tls.sh)',
        async () => {
          assert(await portFree(WEB_TLS_PORT), `port ${WEB_TLS_PORT} is taken: the check needs it`);
          await webOverTls(
            images.web,
            WEB_TLS_PORT,
            PROJECT,
            `${PROJECT}_default`,
            addresses.publicUrl,
          );
        },
      );
    });
  }
  await stack?.saveLogs(logDir, opts.results ?? phase);
  await timed('cleanup', () =>
    report.check(
      'compose down and the sweep after it leave no container, network or volume of the project',
      async () => {
        const leftovers = await stack!.down();
        stack = undefined;
        const after = await projectResources(PROJECT);
        assertEqual(
          [...after.containers.map((c) => c.name), ...after.networks, ...after.volumes],
          [],
          'left after cleanup',
        );
        // compose removes it all by itself; the sweep is for interrupted runs.
        assertEqual(leftovers, [], 'left by docker-compose down');
      },
    ),
  );
}

async function main() {
  const t0 = performance.now();
  console.log(`Container check (${phase}): podman, stand-in base images, ${rel(dockerfile)}`);
  try {
    await timed('tools', () => {
      const { installed } = ensureTools();
      if (installed.length) console.log(`  installed ${installed.join(', ')}`);
      return Promise.resolve();
    });
  } catch (error) {
    if (!(error instanceof NotRunnable)) throw error;
    report.fail('podman and its tools are installed, as root', error.message);
    report.write();
    process.exit(1);
  }
  buildContainersBefore = await buildContainers();
  let base: BaseImages | undefined;
  if (!building) {
    // Made by the build phase; looked up only.
    base = await makeBaseImages(buildLog, false).catch((error: unknown) => {
      report.fail(STACK_UP, error);
      return undefined;
    });
  } else {
    await timed('base images', () =>
      report.check(
        'makes (or reuses) the stand-in base images: Debian, Node, nginx, Redis',
        async () => {
          base = await makeBaseImages(buildLog);
          console.log(
            `    ${[base.debian, base.node, base.nginx, base.redis].join(', ')}` +
              (base.made.length ? ` (made: ${base.made.length})` : ' (all reused)'),
          );
          const r = await podman([
            'run',
            '--rm',
            '--network',
            'none',
            base.node,
            'sh',
            '-c',
            'node --version; id node',
          ]);
          assertEqual(
            r.stdout.trim().split('\n'),
            [`v${base.nodeVersion}`, 'uid=1000(node) gid=1000(node) groups=1000(node)'],
            'the node stand-in',
          );
        },
      ),
    );
  }
  if (base && building) {
    const built = await timed('builds', () => buildImages(base!));
    if (dockerfile === DOCKERFILE) {
      await timed('image checks', () => imageChecks(base!, built));
      await timed('broken fixture', fixtureFails);
    }
  }
  if (base && running) {
    if (report.ok) await runStack(base);
    else report.fail(STACK_UP, 'not started: a step before it failed (above)');
  }
  if (interruption) return interruption;
  report.write();
  const total = seconds(t0);
  console.log(
    `Container check: ${report.passed} passed, ${report.failures.length} failed in ${total} s (` +
      timings.map(([l, s]) => `${l} ${s.toFixed(1)} s`).join(', ') +
      `); logs in ${rel(logDir)}`,
  );
  process.exit(report.ok ? 0 : 1);
}

main().catch(async (error: unknown) => {
  if (interruption) return interruption;
  console.error(error);
  await stack?.saveLogs(logDir, opts.results ?? phase).catch(() => undefined);
  await stack?.down().catch(() => undefined);
  await stopAll();
  await sweep(PROJECT).catch(() => []);
  report.fail('the container check ran to its end', error);
  report.write();
  process.exit(1);
});
