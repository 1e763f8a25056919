// The benchmark's peer: the smallest reverse proxy one would write in Node with Express and
// http-proxy-middleware (no sessions, no validation): the reference for what a proxy hop costs
// on this machine. Same path and upstream as the gateway's `/api/proxy/customer-setup`; its own
// process, like the gateway, so it does not share the load generator's event loop.
import http from 'node:http';
import express from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';

const upstream = process.env.BENCH_PEER_UPSTREAM; // e.g. http://127.0.0.1:1234/customer-setup
// As the gateway's upstream pool (UPSTREAM_MAX_SOCKETS defaults to 64).
const agent = new http.Agent({ keepAlive: true, maxSockets: 64, maxFreeSockets: 64 });

const app = express();
app.use(
  '/api/proxy/customer-setup',
  createProxyMiddleware({ target: upstream, changeOrigin: true, agent }),
);

const server = app.listen(0, '127.0.0.1', () => {
  process.send({ type: 'ready', port: server.address().port });
});
// As the gateway's server: idle client connections outlive the bench's alternating rounds.
server.keepAliveTimeout = 65_000;
process.on('SIGTERM', () => server.close(() => process.exit(0)));
