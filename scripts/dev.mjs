#!/usr/bin/env node
// `npm run dev` (README.md#develop): the whole product from the code being edited, reloading on
// change, in one log with a prefix per process. The npm script builds the apps' dependencies
// first, so every dist/ this starts from exists.
//   contracts, ui     tsc --watch into their dist/, which the apps import
//   sandbox, gateway  tsc --watch into dist/ (`*:tsc`) and node --watch on dist/main.js, which
//                     restarts when that output or anything it imports (the contracts) changes
//   web               Vite's dev server on DEV_WEB_PORT, hot module replacement; /api goes to
//                     the gateway
// The browser is on the dev server's origin: the gateway runs with NODE_ENV=development and
// DEV_SERVER_URL (refused otherwise), the sandbox's OIDC client takes that origin's callback.
import concurrently from 'concurrently';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webPort = process.env.DEV_WEB_PORT ?? '5173';
const gatewayPort = process.env.PORT ?? '8080';
const sandboxPort = process.env.SANDBOX_PORT ?? '4010';

const devOrigin = `http://localhost:${webPort}`;
const gatewayUrl = `http://localhost:${gatewayPort}`;
const sandboxUrl = process.env.SANDBOX_PUBLIC_URL ?? `http://localhost:${sandboxPort}`;

const sandboxEnv = {
  SANDBOX_PORT: sandboxPort,
  SANDBOX_OIDC_REDIRECT_URIS: `${devOrigin}/api/sso/callback`,
  SANDBOX_OIDC_POST_LOGOUT_REDIRECT_URIS: `${devOrigin}/login`,
};
const gatewayEnv = {
  NODE_ENV: 'development',
  PORT: gatewayPort,
  DEV_SERVER_URL: devOrigin,
  OIDC_ISSUER: process.env.OIDC_ISSUER ?? `${sandboxUrl}/oidc`,
  CUSTOMER_SETUP_API_URL: process.env.CUSTOMER_SETUP_API_URL ?? `${sandboxUrl}/customer-setup`,
  LLM_API_URL: process.env.LLM_API_URL ?? `${sandboxUrl}/llm`,
  DASHBOARD_BASE_URL: process.env.DASHBOARD_BASE_URL ?? `${sandboxUrl}/dashboard`,
};
const webEnv = { NODE_ENV: 'development', DEV_WEB_PORT: webPort, DEV_GATEWAY_URL: gatewayUrl };

const compile = (name, workspace, prefixColor) => ({
  name,
  command: `npm run dev --silent -w ${workspace}`,
  prefixColor,
});
/** The app's build output, run again when it or a module it loads changes. */
const serve = (name, dir, env, prefixColor) => ({
  name,
  command: 'node --watch --watch-preserve-output dist/main.js',
  cwd: path.join(root, dir),
  env,
  prefixColor,
});

const { result } = concurrently(
  [
    compile('contracts', '@onboarding/contracts', 'gray'),
    compile('ui', '@onboarding/ui', 'gray'),
    compile('sandbox:tsc', '@onboarding/sandbox', 'gray'),
    compile('gateway:tsc', '@onboarding/gateway', 'gray'),
    serve('sandbox', 'apps/sandbox', sandboxEnv, 'yellow'),
    serve('gateway', 'apps/gateway', gatewayEnv, 'magenta'),
    {
      name: 'web',
      command: 'npm run dev --silent -w @onboarding/web',
      env: webEnv,
      prefixColor: 'cyan',
    },
  ],
  {
    cwd: root,
    prefix: 'name',
    padPrefix: true,
    // The watchers run until stopped: one that ends (a port in use, a crash of Vite) ends them all.
    killOthersOn: ['failure', 'success'],
  },
);

/** Says once where to open the console, when the dev server and the gateway both answer. */
async function announceReady(timeoutMs = 180_000) {
  const up = async (url) => (await fetch(url).catch(() => null))?.ok === true;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if ((await up(`${gatewayUrl}/api/health`)) && (await up(devOrigin))) {
      console.log(`\nOnboarding Console (dev) is ready at ${devOrigin}\n`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
void announceReady();

result.then(
  () => process.exit(0),
  () => process.exit(1),
);
