#!/usr/bin/env node
// `npm start`: the whole product on one machine — the sandbox (upstreams + identity provider)
// on SANDBOX_PORT (4010) and the gateway serving the built web app on PORT (8080).
// Assumes `turbo run build` ran first (the npm script does that).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sandboxPort = process.env.SANDBOX_PORT ?? '4010';
const gatewayPort = process.env.PORT ?? '8080';

const children = [];
let stopping = false;

function launch(name, script, env) {
  const child = spawn(process.execPath, [script], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${name} exited (${signal ?? code}); stopping the stack`);
      stop(code ?? 1);
    }
  });
  children.push(child);
  return child;
}

async function waitFor(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

function stop(code = 0) {
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 5000).unref();
  Promise.all(
    children.map((c) => (c.exitCode === null ? new Promise((r) => c.on('exit', r)) : null)),
  ).then(() => process.exit(code));
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

launch('sandbox', path.join(root, 'apps/sandbox/dist/main.js'), { SANDBOX_PORT: sandboxPort });
await waitFor(`http://127.0.0.1:${sandboxPort}/health`);
launch('gateway', path.join(root, 'apps/gateway/dist/main.js'), {
  PORT: gatewayPort,
  WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? path.join(root, 'apps/web/dist'),
});
await waitFor(`http://127.0.0.1:${gatewayPort}/api/health`);
console.log(
  `Onboarding Console is ready at ${process.env.PUBLIC_URL ?? `http://localhost:${gatewayPort}`}`,
);
