// One of the benchmark's peers in a process of its own, like the gateway, so that it does not share
// the load generator's event loop: `node bench/peer-process.mjs bare|same-job`, forked by
// bench.mjs. Env: BENCH_PEER_UPSTREAM (the customer-setup base URL), BENCH_PEER_PORT (0: any).
// Tells its parent `{ type: 'ready', port }`; SIGTERM closes it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const [kind] = process.argv.slice(2);
const upstream = process.env.BENCH_PEER_UPSTREAM;
const port = Number(process.env.BENCH_PEER_PORT ?? 0);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'peer-bench-'));

let peer;
if (kind === 'bare') {
  const { createBareProxy } = await import('./bare-proxy.mjs');
  peer = createBareProxy({ upstream });
} else if (kind === 'same-job') {
  const { createSameJobPeer } = await import('./same-job-peer.mjs');
  peer = createSameJobPeer({ upstream, publicOrigin: `http://127.0.0.1:${port}`, dataDir });
} else {
  console.error('usage: peer-process.mjs bare|same-job');
  process.exit(2);
}

const server = peer.app.listen(port, '127.0.0.1', () => {
  process.send({ type: 'ready', port: server.address().port });
});
// As the gateway's server: idle client connections outlive the bench's alternating rounds.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
process.on('SIGTERM', () =>
  server.close(() => {
    peer.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  }),
);
