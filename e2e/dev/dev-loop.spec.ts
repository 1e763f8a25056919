/**
 * `npm run dev` (README.md#develop) as a developer uses it: started from the built repository,
 * signed in through the sandbox on the dev server's origin, and a change to a web component
 * shown by hot module replacement, with nothing restarted. Its own ports and data folders, so a
 * dev stack already running on 5173/8080/4010 is left alone; every process it started is
 * stopped at the end, pass or fail.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { REPO_ROOT } from '../support/stack.js';

const WEB_PORT = Number(process.env.E2E_DEV_WEB_PORT ?? 18573);
const GATEWAY_PORT = Number(process.env.E2E_DEV_GATEWAY_PORT ?? 18680);
const SANDBOX_PORT = Number(process.env.E2E_DEV_SANDBOX_PORT ?? 18610);
const DEV_ORIGIN = `http://localhost:${WEB_PORT}`;

/** The component whose heading the test edits while the page is open. */
const COMPONENT = path.join(
  REPO_ROOT,
  'apps/web/src/features/setups/components/setups-list-page.tsx',
);
const HEADING = /(<Typography component="h1"[^>]*>\s*)Setups(\s*<\/Typography>)/;
const EDITED = 'Setups (hot reloaded)';
/** The processes that recompile on change: each says this once its first compile is done. */
const WATCHERS = ['contracts', 'ui', 'sandbox:tsc', 'gateway:tsc'];

// One process tree of a minute's start-up: no retry on the same ports.
test.describe.configure({ retries: 0 });
test.use({ baseURL: DEV_ORIGIN });

interface DevStack {
  readonly child: ChildProcess;
  /** Everything it printed so far, colours taken out. */
  log(): string;
}

function startDev(dataDir: string): DevStack {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DEV_WEB_PORT: String(WEB_PORT),
    PORT: String(GATEWAY_PORT),
    SANDBOX_PORT: String(SANDBOX_PORT),
    DATA_DIR: path.join(dataDir, 'gateway'),
    SANDBOX_DATA_DIR: path.join(dataDir, 'sandbox'),
  };
  // What the e2e stack or a shell may have set would point the dev stack elsewhere.
  for (const name of [
    'NODE_ENV',
    'PUBLIC_URL',
    'SANDBOX_PUBLIC_URL',
    'OIDC_ISSUER',
    'CUSTOMER_SETUP_API_URL',
    'LLM_API_URL',
    'DASHBOARD_BASE_URL',
  ])
    delete env[name];
  // Its own process group, so that the whole tree can be stopped at once.
  const child = spawn('npm', ['run', 'dev'], {
    cwd: REPO_ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output += chunk.toString());
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  // eslint-disable-next-line no-control-regex
  return { child, log: () => output.replace(/\u001b\[[0-9;]*m/g, '') };
}

const groupAlive = (pid: number) => {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Stops every process of the tree: SIGTERM to the group, SIGKILL to what is left after 10 s. */
async function stopDev(child: ChildProcess): Promise<void> {
  const pid = child.pid;
  if (pid === undefined) return;
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-pid, name);
    } catch {
      // the group is gone already
    }
  };
  signal('SIGTERM');
  const deadline = Date.now() + 10_000;
  while (groupAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  signal('SIGKILL');
  while (groupAlive(pid)) await new Promise((r) => setTimeout(r, 100));
}

/**
 * Saves as an editor that writes a temporary file and renames it does: the watcher never sees the
 * file empty. A plain writeFileSync truncates first, and a CI run's Vite read it in that instant
 * ('Could not Fast Refresh (export "SetupsListPage" removed)') and never updated again.
 */
function saveWhole(file: string, text: string): void {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  fs.writeFileSync(temporary, text);
  fs.renameSync(temporary, file);
}

const answers = async (url: string) => (await fetch(url).catch(() => null))?.ok === true;

test('npm run dev serves the product on the dev server, signs in, and hot-reloads a component', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'onboarding-dev-loop-'));
  const original = fs.readFileSync(COMPONENT, 'utf8');
  expect(original, `${COMPONENT} no longer renders the Setups heading`).toMatch(HEADING);
  const dev = startDev(dataDir);
  const stillRunning = () => {
    if (dev.child.exitCode !== null || dev.child.signalCode !== null)
      throw new Error(`npm run dev ended early:\n${dev.log().slice(-4000)}`);
  };
  let edited: string | undefined;
  try {
    // Started: every watcher has compiled once (their output no longer restarts the servers),
    // and the gateway answers through the dev server.
    await expect
      .poll(
        () => {
          stillRunning();
          const log = dev.log();
          return WATCHERS.filter((name) =>
            new RegExp(`^\\[${name}\\s*\\].*Watching for file changes`, 'm').test(log),
          );
        },
        { timeout: 100_000, intervals: [500] },
      )
      .toEqual(WATCHERS);
    await expect
      .poll(
        async () => {
          stillRunning();
          return (
            (await answers(`${DEV_ORIGIN}/api/health`)) &&
            (await answers(`http://localhost:${SANDBOX_PORT}/health`))
          );
        },
        { timeout: 30_000, intervals: [250] },
      )
      .toBe(true);

    // Signed in through the sandbox, and back on the dev server's origin.
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'Your email' }).fill('operator@example.com');
    // A watcher may restart the gateway just after it answered: the dev proxy then says 502 and
    // the page "Authentication failed"; the operator signs in again, and so does the test.
    await expect(async () => {
      stillRunning();
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(`http://localhost:${SANDBOX_PORT}/oidc/**`, { timeout: 5_000 });
    }).toPass({ timeout: 30_000, intervals: [1_000] });
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${DEV_ORIGIN}/rem_omni/see_all`);
    await expect(page.getByRole('heading', { name: 'Setups', level: 1 })).toBeVisible();

    // A change to the component shows on the open page: no reload (the mark survives), no
    // restart.
    await page.evaluate(() => {
      (window as unknown as { devLoopMark: string }).devLoopMark = 'same page';
    });
    const before = dev.log().length;
    edited = original.replace(HEADING, `$1${EDITED}$2`);
    saveWhole(COMPONENT, edited);
    await expect(page.getByRole('heading', { name: EDITED, level: 1 })).toBeVisible({
      timeout: 20_000,
    });
    expect(
      await page.evaluate(() => (window as unknown as { devLoopMark?: string }).devLoopMark),
    ).toBe('same page');
    const since = dev.log().slice(before);
    expect(since).toMatch(/\[vite\] \(client\) hmr update .*setups-list-page\.tsx/);
    expect(since).not.toContain('Restarting');
  } finally {
    if (edited !== undefined) {
      // Put back byte for byte; if someone else saved the file meanwhile, undo only our edit.
      const now = fs.readFileSync(COMPONENT, 'utf8');
      saveWhole(COMPONENT, now === edited ? original : now.replace(EDITED, 'Setups'));
    }
    await stopDev(dev.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  // Nothing it started is left: the process group is empty and the ports are free.
  expect(groupAlive(dev.child.pid!)).toBe(false);
  expect(await answers(DEV_ORIGIN)).toBe(false);
  expect(await answers(`http://localhost:${GATEWAY_PORT}/api/health`)).toBe(false);
  expect(fs.readFileSync(COMPONENT, 'utf8')).not.toContain(EDITED);
});
