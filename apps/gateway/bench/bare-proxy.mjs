// The benchmark's bare proxy: the smallest reverse proxy one would write in Node with Express and
// http-proxy-middleware (no sessions, no validation, no logging): the floor of what a proxy hop
// costs on this machine. Same path and upstream as the gateway's `/api/proxy/customer-setup`.
// Started by peer-process.mjs.
import http from 'node:http';
import express from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';

/** The bare proxy's Express app, forwarding to `upstream` (e.g. http://127.0.0.1:1234/customer-setup). */
export function createBareProxy({ upstream }) {
  // As the gateway's upstream pool (UPSTREAM_MAX_SOCKETS defaults to 64).
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64, maxFreeSockets: 64 });
  const app = express();
  app.use(
    '/api/proxy/customer-setup',
    createProxyMiddleware({ target: upstream, changeOrigin: true, agent }),
  );
  return { app, close: () => agent.destroy() };
}
