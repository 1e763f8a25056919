// The sandbox in a process of its own for the benchmark (so it does not share the load
// generator's event loop), counting the TCP connections it accepts: the only way to see from
// outside whether the gateway reuses its upstream connections.
import net from 'node:net';

let accepted = 0;
const emit = net.Server.prototype.emit;
net.Server.prototype.emit = function (event, ...args) {
  if (event === 'connection') accepted += 1;
  return emit.call(this, event, ...args);
};

const { startSandbox } = await import('@onboarding/sandbox');
const gatewayOrigins = JSON.parse(process.env.BENCH_GATEWAY_ORIGINS ?? '[]');
const sandbox = await startSandbox({
  port: 0,
  inMemory: true,
  stepMs: 60_000,
  failureRate: 0,
  // The fleet section's scale (bench/fleet.mjs); the other sections keep the usual seed.
  extraSetups: Number(process.env.BENCH_SANDBOX_EXTRA_SETUPS ?? 0),
  redirectUris: gatewayOrigins.map((o) => `${o}/api/sso/callback`),
  postLogoutRedirectUris: gatewayOrigins.map((o) => `${o}/login`),
});
process.send({ type: 'ready', url: sandbox.url, port: sandbox.port });
process.on('message', (msg) => {
  if (msg === 'count') process.send({ type: 'count', accepted });
  if (msg === 'stop') void sandbox.close().then(() => process.exit(0));
});
