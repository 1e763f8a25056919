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
if (config.tracing) (await import('./tracing/tracing.js')).startTracing(config.tracing);
// Loaded after the configuration is known good, so a bad setting fails in a blink.
const { createGateway } = await import('./gateway.js');
const gateway = await createGateway(config);
// Exits 0 after the graceful close (docs/security.md#shutdown), not by the signal Nest would
// raise again: 143 is a failure to docker and compose.
gateway.app.enableShutdownHooks(['SIGTERM', 'SIGINT'], { useProcessExit: true });
await gateway.listen();
