import { ConfigError, loadConfig } from './config/app-config.js';

// Start-up: a bad setting stops the process with one line naming the variable (exit 1).
let config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

// Tracing, when configured, patches http and pino as they load: before the gateway's modules.
const tracing = config.tracing
  ? (await import('./tracing/tracing.js')).startTracing(config.tracing)
  : undefined;
// Loaded after the configuration is known good, so a bad setting fails in a blink.
const { createGateway } = await import('./gateway.js');
const gateway = await createGateway(config);
await gateway.listen();

let stopping = false;
const stop = (signal: NodeJS.Signals) => {
  if (stopping) return;
  stopping = true;
  gateway.logger.info({ signal }, 'signal received');
  gateway
    .shutdown()
    .then(() => tracing?.shutdown()) // the last spans are exported before the exit
    .then(
      () => process.exit(0),
      (err: unknown) => {
        gateway.logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
};
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, stop);
