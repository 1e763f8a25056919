import { readSandboxEnv } from './config/env.js';
import { startSandbox } from './sandbox.js';

const log = (line: Record<string, unknown>) =>
  console.log(JSON.stringify({ time: new Date().toISOString(), service: 'sandbox', ...line }));

let env;
try {
  env = readSandboxEnv();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

let sandbox;
try {
  sandbox = await startSandbox({ ...env, log });
} catch (error) {
  const code = (error as { code?: string }).code;
  console.error(
    code === 'EADDRINUSE'
      ? `Sandbox cannot start: port ${env.port} (SANDBOX_PORT)${env.adminPort === undefined ? '' : ` or ${env.adminPort} (SANDBOX_ADMIN_PORT)`} is in use`
      : `Sandbox cannot start: ${(error as Error).message}`,
  );
  process.exit(1);
}
log({
  msg: 'sandbox listening',
  url: sandbox.url,
  issuer: sandbox.issuer,
  dataDir: env.dataDir,
  ...(sandbox.adminUrl ? { adminUrl: sandbox.adminUrl } : {}),
});

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    log({ msg: 'sandbox stopping', signal });
    sandbox
      .close()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        log({ msg: 'sandbox did not stop cleanly', error: String(error) });
        process.exit(1);
      });
  });
}
