import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import express from 'express';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { rawGet } from '../../../test/support/raw-get.js';
import { CompressionMiddleware } from './compression.middleware.js';

/** A fleet-snapshot-like answer, well over compression's 1 KB threshold. */
const BIG = { setups: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `setup ${i}` })) };
const SMALL = { status: 'ok' };

describe('compression of API answers', () => {
  let server: http.Server;
  let url: string;
  beforeAll(async () => {
    const app = express();
    const compress = new CompressionMiddleware();
    app.use((req, res, next) => compress.use(req, res, next));
    app.get('/api/big', (_req, res) => res.json(BIG));
    app.get('/api/small', (_req, res) => res.json(SMALL));
    app.get('/api/stream', (_req, res) => {
      res.setHeader('Cache-Control', 'no-transform');
      res.json(BIG);
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('gzips a large answer for a client that accepts gzip', async () => {
    const res = await rawGet(`${url}/api/big`, { 'accept-encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    expect(JSON.parse(zlib.gunzipSync(res.body).toString())).toEqual(BIG);
    expect(res.body.length).toBeLessThan(JSON.stringify(BIG).length / 3);
  });

  it('sends brotli to a client that accepts it', async () => {
    const res = await rawGet(`${url}/api/big`, { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(res.body).toString())).toEqual(BIG);
  });

  it('sends it plain to a client that accepts no encoding', async () => {
    const res = await rawGet(`${url}/api/big`, {});
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString())).toEqual(BIG);
  });

  it('leaves an answer under 1 KB plain', async () => {
    const res = await rawGet(`${url}/api/small`, { 'accept-encoding': 'gzip, br' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString())).toEqual(SMALL);
  });

  it('leaves an answer marked Cache-Control: no-transform (the SSE watch) plain', async () => {
    const res = await rawGet(`${url}/api/stream`, { 'accept-encoding': 'gzip, br' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString())).toEqual(BIG);
  });
});
