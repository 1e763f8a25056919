import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { HttpService } from '@nestjs/axios';
import axios from 'axios';
import { CircuitState } from 'cockatiel';
import { Socket } from 'node:net';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { pino } from 'pino';
import { fakeTheClockOnly } from '../../../test/support/clock.js';
import { FaultServer, json } from '../../../test/support/fault-server.js';
import type { GatewayConfig } from '../../config/app-config.js';
import {
  createUpstreamClients,
  UpstreamClient,
  type UpstreamCall,
  upstreamAxiosConfig,
} from './upstream.client.js';

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

  const settingsOf = (settings: Partial<GatewayConfig['upstream']>): GatewayConfig['upstream'] => ({
    timeoutMs: 2000,
    maxResponseBytes: 1024,
    maxSockets: 4,
    responseValidation: 'enforce',
    circuitFailureThreshold: 3,
    circuitResetMs: 5000,
    ...settings,
  });
  const client = (
    settings: Partial<GatewayConfig['upstream']> = {},
    logger = pino({ level: 'silent' }),
    baseURL = `${upstream.url}/cs`,
  ) => {
    const all = settingsOf(settings);
    const http = new HttpService(axios.create(upstreamAxiosConfig(baseURL, all)));
    const c = new UpstreamClient('customer-setup', http, all, logger);
    clients.push(c);
    return c;
  };
  /** A logger at `level` whose lines the test reads. */
  const recordingLogger = (level: string) => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    return { logger: pino({ level }, sink), lines };
  };
  /** Waits until the upstream has seen `n` requests. */
  const requestsSeen = async (n: number) => {
    while (upstream.requests.length < n) await sleep(5);
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

  it('retries a read once when the connection drops, and not when that failure opened the circuit', async () => {
    upstream.on('/cs/drop', (req) => req.socket.destroy());
    const c = client({ circuitFailureThreshold: 10 });
    expect(await outcome(c.call(read('/drop')))).toBe('502 UPSTREAM_UNAVAILABLE');
    expect(upstream.requests).toHaveLength(2);

    upstream.requests.length = 0;
    const opensAtOnce = client({ circuitFailureThreshold: 1 });
    expect(await outcome(opensAtOnce.call(read('/drop')))).toBe('502 UPSTREAM_UNAVAILABLE');
    expect(opensAtOnce.breaker.state).toBe(CircuitState.Open);
    expect(upstream.requests).toHaveLength(1);
  });

  it('answers 499 when the browser left and 504 at the deadline, retrying neither', async () => {
    upstream.on('/cs/hang', () => undefined);
    // A browser that leaves says nothing of the upstream: it never opens the circuit.
    const c = client({ timeoutMs: 300, circuitFailureThreshold: 1 });
    const left = new AbortController();
    const cancelled = outcome(c.call({ ...read('/hang'), signal: left.signal }));
    await requestsSeen(1);
    left.abort();
    expect(await cancelled).toBe('499 UPSTREAM_TIMEOUT');
    expect(c.breaker.state).toBe(CircuitState.Closed);

    expect(await outcome(c.call(read('/hang')))).toBe('504 UPSTREAM_TIMEOUT');
    await sleep(50);
    expect(upstream.requests).toHaveLength(2);
  });

  it('logs each failure with its upstream, path without query, time and cause, and each answer at debug', async () => {
    upstream.on('/cs/drop', (req) => req.socket.destroy());
    const { logger, lines } = recordingLogger('debug');
    const c = client({ circuitFailureThreshold: 10 }, logger);
    await c.call(write('/rows?limit=1'));
    await outcome(c.call(write('/drop?limit=1')));
    expect(
      lines.map(({ level, msg, upstream: u, path, status, cause }) => ({
        level,
        msg,
        upstream: u,
        path,
        status,
        cause,
      })),
    ).toEqual([
      {
        level: 20,
        msg: 'upstream answered',
        upstream: 'customer-setup',
        path: '/rows',
        status: 200,
        cause: undefined,
      },
      {
        level: 40,
        msg: 'upstream call failed',
        upstream: 'customer-setup',
        path: '/drop',
        status: undefined,
        cause: expect.any(String),
      },
    ]);
    for (const { ms } of lines) expect(ms).toEqual(expect.any(Number));
    for (const { ms } of lines) expect(ms as number).toBeLessThan(2000);

    // A call's own logger (the request's) takes its lines; nothing at info for an answer.
    const request = recordingLogger('info');
    await outcome(c.call({ ...write('/drop'), log: request.logger }));
    await c.call({ ...write('/rows'), log: request.logger });
    expect(request.lines.map((l) => l.msg)).toEqual(['upstream call failed']);
  });

  it('never leaves its base URL, and repeats a query key for each value of an array', async () => {
    const c = client();
    await c.call({ ...write('http://127.0.0.1:1/elsewhere'), method: 'GET', body: undefined });
    await c.call({ ...write('/rows'), method: 'GET', body: undefined, query: { id: [1, 2] } });
    expect(upstream.requests.map((r) => r.url)).toEqual([
      '/cs/http://127.0.0.1:1/elsewhere',
      '/cs/rows?id=1&id=2',
    ]);
  });

  it('finds the service reachable on any answer, and not when it is down or too slow', async () => {
    upstream.on('/', (_req, res) => json(res, 404, {}));
    const reachable = client({}, undefined, upstream.url);
    expect(await reachable.reachable(1000)).toBe(true);

    upstream.on('/', () => undefined);
    expect(await reachable.reachable(100)).toBe(false);

    const down = client({}, undefined, 'http://127.0.0.1:1');
    expect(await down.reachable(1000)).toBe(false);
  });

  it('keeps its connection for the next call until closed', async () => {
    const c = client();
    const before = upstream.connections;
    await c.call(write('/rows'));
    await c.call(write('/rows'));
    expect(upstream.connections).toBe(before + 1);
    c.close();
    await c.call(write('/rows'));
    expect(upstream.connections).toBe(before + 2);
  });

  it('asks a kept connection for the same TCP keep-alive on every call, so its reuse sets nothing', async () => {
    // axios sets 60 s on each request's socket and the pool its own value as it frees one; Node
    // makes the system call only when the value changes (two a call when they differed).
    const setKeepAlive = jest.spyOn(Socket.prototype, 'setKeepAlive');
    try {
      const c = client();
      for (let i = 0; i < 3; i++) await c.call(write('/rows'));
      const delays = setKeepAlive.mock.calls.map(([enable, delay]) => `${enable} ${delay}`);
      expect(delays.length).toBeGreaterThanOrEqual(6);
      expect(new Set(delays)).toEqual(new Set(['true 60000']));
    } finally {
      setKeepAlive.mockRestore();
    }
  });

  it('makes one client per configured upstream, each on its own base URL', async () => {
    const config = {
      upstreams: { 'customer-setup': `${upstream.url}/cs`, llm: `${upstream.url}/llm` },
      upstream: settingsOf({}),
    } as unknown as GatewayConfig;
    const made = createUpstreamClients(config, pino({ level: 'silent' }));
    clients.push(...made.values());
    expect([...made.keys()]).toEqual(['customer-setup', 'llm']);
    for (const [service, c] of made) {
      expect(c.service).toBe(service);
      await c.call(write('/rows'));
    }
    expect(upstream.requests.map((r) => r.url)).toEqual(['/cs/rows', '/llm/rows']);
  });
});
