import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { HttpService } from '@nestjs/axios';
import axios from 'axios';
import { CircuitState } from 'cockatiel';
import { setTimeout as sleep } from 'node:timers/promises';
import { pino } from 'pino';
import { fakeTheClockOnly } from '../../../test/support/clock.js';
import { FaultServer, json } from '../../../test/support/fault-server.js';
import type { GatewayConfig } from '../../config/app-config.js';
import { UpstreamClient, type UpstreamCall, upstreamAxiosConfig } from './upstream.client.js';

// What the e2e specs cannot show from outside: which outcomes the breaker counts, the half-open
// probe alone, when a read is retried, and exactly what goes out on the wire.
describe('the upstream client', () => {
  let upstream: FaultServer;
  const clients: UpstreamClient[] = [];
  beforeAll(async () => {
    upstream = await new FaultServer().start();
  });
  afterEach(() => {
    jest.useRealTimers();
    upstream.reset();
    for (const c of clients.splice(0)) c.close();
  });
  afterAll(async () => {
    await upstream.close();
  });

  const client = (settings: Partial<GatewayConfig['upstream']> = {}) => {
    const all: GatewayConfig['upstream'] = {
      timeoutMs: 2000,
      maxResponseBytes: 1024,
      maxSockets: 4,
      responseValidation: 'enforce',
      circuitFailureThreshold: 3,
      circuitResetMs: 5000,
      ...settings,
    };
    const http = new HttpService(axios.create(upstreamAxiosConfig(`${upstream.url}/cs`, all)));
    const c = new UpstreamClient('customer-setup', http, all, pino({ level: 'silent' }));
    clients.push(c);
    return c;
  };
  const read = (path: string): UpstreamCall => ({
    method: 'POST',
    path,
    body: { limit: 1 },
    requestId: 'req-1',
    userEmail: 'op@example.com',
    idempotent: true,
  });
  const write = (path: string): UpstreamCall => ({ ...read(path), idempotent: false });
  const outcome = (call: Promise<unknown>) =>
    call.then(
      () => 'ok',
      (err: { status: number; code: string }) => `${err.status} ${err.code}`,
    );

  it('opens after consecutive upstream failures only: a 4xx or an unusable body resets the count', async () => {
    const c = client({ circuitFailureThreshold: 3 });
    upstream.on('/cs/fail', (_req, res) => json(res, 500, {}));
    upstream.on('/cs/refuse', (_req, res) => json(res, 404, { message: 'no such setup' }));
    upstream.on('/cs/html', (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end('<html></html>');
    });
    for (const neutral of ['/refuse', '/html']) {
      await outcome(c.call(write('/fail')));
      await outcome(c.call(write('/fail')));
      await outcome(c.call(write(neutral)));
    }
    expect(c.breaker.state).toBe(CircuitState.Closed);
    for (let i = 0; i < 3; i++)
      expect(await outcome(c.call(write('/fail')))).toBe('502 UPSTREAM_ERROR');
    expect(c.breaker.state).toBe(CircuitState.Open);

    const before = upstream.requests.length;
    await expect(c.call(write('/fail'))).rejects.toMatchObject({
      status: 503,
      code: 'CIRCUIT_OPEN',
      details: { retryAfter: 5 },
    });
    expect(upstream.requests).toHaveLength(before);
  });

  it('lets one probe through when half-open, answers the others at once, and closes on its success', async () => {
    // The reset time passes when the test moves the clock.
    fakeTheClockOnly();
    const c = client({ circuitFailureThreshold: 1, circuitResetMs: 100 });
    upstream.on('/cs/fail', (_req, res) => json(res, 500, {}));
    expect(await outcome(c.call(write('/fail')))).toBe('502 UPSTREAM_ERROR');
    jest.setSystemTime(Date.now() + 150);

    let answer: () => void = () => undefined;
    upstream.on('/cs/slow', (_req, res) => (answer = () => json(res, 200, { ok: true })));
    const probe = c.call(write('/slow'));
    await expect(c.call(write('/slow'))).rejects.toMatchObject({
      code: 'CIRCUIT_OPEN',
      details: { retryAfter: 1 },
    });
    expect(c.breaker.state).toBe(CircuitState.HalfOpen);
    while (upstream.requests.length < 2) await sleep(5);
    answer();
    expect((await probe).json).toEqual({ ok: true });
    expect(c.breaker.state).toBe(CircuitState.Closed);
    expect(upstream.requests.map((r) => r.url)).toEqual(['/cs/fail', '/cs/slow']);
  });

  it('retries a read once after a 5xx, never a write or a 4xx, and not past the deadline', async () => {
    const c = client({ timeoutMs: 600, circuitFailureThreshold: 10 });
    upstream.on('/cs/fail', (_req, res) => json(res, 500, {}));
    upstream.on('/cs/refuse', (_req, res) => json(res, 409, { message: 'exists' }));
    const attempts = async (call: UpstreamCall) => {
      upstream.requests.length = 0;
      return [await outcome(c.call(call)), upstream.requests.length];
    };
    expect(await attempts(read('/fail'))).toEqual(['502 UPSTREAM_ERROR', 2]);
    expect(await attempts(write('/fail'))).toEqual(['502 UPSTREAM_ERROR', 1]);
    expect(await attempts(read('/refuse'))).toEqual(['409 UPSTREAM_ERROR', 1]);
    // Failing 380 ms into a 600 ms deadline, under the 250 ms a retry needs: its own error, not a
    // retry cut off by the deadline. (As early as that allows: a late timer leaves 220 ms before
    // the deadline would turn it into a 504.)
    upstream.on('/cs/late', (_req, res) => void setTimeout(() => json(res, 500, {}), 380));
    expect(await attempts(read('/late'))).toEqual(['502 UPSTREAM_ERROR', 1]);
  });

  it('sends only its own headers, and no body or content type without a body', async () => {
    const c = client();
    await c.call(read('/rows?limit=1'));
    await c.call({ ...read('/rows'), method: 'GET', body: undefined });
    const [post, get] = upstream.requests;
    expect(post!.url).toBe('/cs/rows?limit=1');
    expect(post!.body).toBe('{"limit":1}');
    expect(Object.keys(post!.headers).sort()).toEqual([
      'accept',
      'connection',
      'content-length',
      'content-type',
      'host',
      'user-agent',
      'x-request-id',
      'x-user-email',
    ]);
    expect(post!.headers).toMatchObject({
      accept: 'application/json',
      'content-type': 'application/json',
      'user-agent': 'onboarding-gateway',
      'x-request-id': 'req-1',
      'x-user-email': 'op@example.com',
    });
    expect(Object.keys(get!.headers).sort()).toEqual([
      'accept',
      'connection',
      'host',
      'user-agent',
      'x-request-id',
      'x-user-email',
    ]);
  });

  it('takes an answer cut off midway for the upstream gone, and one over the cap for a bad answer', async () => {
    const c = client({ maxResponseBytes: 1024 });
    upstream.on('/cs/cut', (req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '100' });
      res.write('[{"setupId": 1');
      setTimeout(() => req.socket.destroy(), 20);
    });
    upstream.on('/cs/big', (_req, res) => json(res, 200, ['x'.repeat(2000)]));
    expect(await outcome(c.call(write('/cut')))).toBe('502 UPSTREAM_UNAVAILABLE');
    expect(await outcome(c.call(write('/big')))).toBe('502 UPSTREAM_BAD_RESPONSE');
  });
});
