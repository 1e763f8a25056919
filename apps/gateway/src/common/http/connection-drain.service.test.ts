import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { HttpAdapterHost } from '@nestjs/core';
import { ExpressAdapter } from '@nestjs/platform-express';
import express from 'express';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { pino } from 'pino';
import { LogCapture } from '../../../test/support/logs.js';
import { pinoLoggerOf } from '../../../test/support/pino-logger.js';
import type { GatewayConfig } from '../../config/app-config.js';
import { ConnectionDrainService } from './connection-drain.service.js';

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
  socket: Socket;
}

/** Resolves once `socket` is closed, or with 'still open' after `ms`. */
const closedWithin = (socket: Socket, ms: number) =>
  new Promise<'closed' | 'still open'>((resolve) => {
    if (socket.destroyed) return resolve('closed');
    const timer = setTimeout(() => resolve('still open'), ms);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve('closed');
    });
  });

describe('draining connections at shutdown', () => {
  let server: http.Server;
  let url: string;
  let logs: LogCapture;
  let agent: http.Agent;
  let release: () => void;
  const services: ConnectionDrainService[] = [];

  beforeEach(async () => {
    const app = express();
    const released = new Promise<void>((resolve) => (release = resolve));
    app.get('/ok', (_req, res) => res.send('ok'));
    app.get('/slow', (_req, res) => {
      void released.then(() => res.send('finished'));
    });
    app.get('/hang', () => undefined);
    server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    logs = new LogCapture();
    agent = new http.Agent({ keepAlive: true });
  });
  afterEach(async () => {
    for (const s of services.splice(0)) s.onApplicationShutdown();
    agent.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const drain = (timeouts: { shutdownGraceMs: number; shutdownTimeoutMs: number }) => {
    const adapter = new ExpressAdapter();
    adapter.setHttpServer(server);
    const host = new HttpAdapterHost();
    host.httpAdapter = adapter;
    const service = new ConnectionDrainService(
      timeouts as GatewayConfig,
      pinoLoggerOf(pino({ level: 'info' }, logs)),
      host,
    );
    services.push(service);
    return service;
  };

  /** A GET on the kept-alive agent; the socket it went over is given as soon as there is one. */
  const get = (path: string, onSocket: (s: Socket) => void = () => undefined) =>
    new Promise<Answer>((resolve, reject) => {
      const req = http.get(`${url}${path}`, { agent }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            connection: res.headers.connection,
            body,
            socket: req.socket!,
          }),
        );
      });
      req.on('socket', onSocket);
      req.on('error', reject);
    });

  const timeoutWarnings = () =>
    logs.find((l) => l.msg === 'shutdown timeout: closing the remaining connections');

  it('answers every request after shutdown began with Connection: close', async () => {
    expect((await get('/ok')).connection).toBe('keep-alive');
    drain({ shutdownGraceMs: 5000, shutdownTimeoutMs: 5000 }).beforeApplicationShutdown();
    const after = await get('/ok');
    expect(after).toMatchObject({ status: 200, connection: 'close', body: 'ok' });
    expect(await closedWithin(after.socket, 1000)).toBe('closed');
  });

  it('closes an idle kept-alive connection at once, without waiting out its keep-alive', async () => {
    const idle = await get('/ok');
    expect(await closedWithin(idle.socket, 50)).toBe('still open');
    drain({ shutdownGraceMs: 5000, shutdownTimeoutMs: 5000 }).beforeApplicationShutdown();
    expect(await closedWithin(idle.socket, 1000)).toBe('closed');
  });

  it('lets a request in flight finish, then closes its connection', async () => {
    let socket: Socket | undefined;
    const answer = get('/slow', (s) => (socket = s));
    await new Promise((resolve) => server.once('request', resolve));
    drain({ shutdownGraceMs: 5000, shutdownTimeoutMs: 5000 }).beforeApplicationShutdown();
    expect(await closedWithin(socket!, 60)).toBe('still open');
    release();
    expect(await answer).toMatchObject({ status: 200, body: 'finished' });
    expect(await closedWithin(socket!, 1000)).toBe('closed');
    expect(timeoutWarnings()).toEqual([]);
  });

  it('cuts the connections still busy after SHUTDOWN_GRACE_MS + SHUTDOWN_TIMEOUT_MS, with a warning', async () => {
    let socket: Socket | undefined;
    const answer = get('/hang', (s) => (socket = s)).then(
      () => 'answered',
      (err: Error) => err.message,
    );
    await new Promise((resolve) => server.once('request', resolve));
    const started = Date.now();
    drain({ shutdownGraceMs: 40, shutdownTimeoutMs: 50 }).beforeApplicationShutdown();
    expect(await closedWithin(socket!, 2000)).toBe('closed');
    expect(Date.now() - started).toBeGreaterThanOrEqual(85);
    expect(await answer).toMatch(/socket hang up|ECONNRESET/);
    expect(timeoutWarnings()).toEqual([expect.objectContaining({ level: 40 })]);
  });

  it('stops closing connections once the application has shut down', async () => {
    const idle = await get('/ok');
    const service = drain({ shutdownGraceMs: 0, shutdownTimeoutMs: 40 });
    service.beforeApplicationShutdown();
    service.onApplicationShutdown();
    expect(await closedWithin(idle.socket, 80)).toBe('still open');
    expect(timeoutWarnings()).toEqual([]);
  });

  it('does nothing in an application without an HTTP server', () => {
    const service = new ConnectionDrainService(
      { shutdownGraceMs: 0, shutdownTimeoutMs: 0 } as GatewayConfig,
      pinoLoggerOf(pino({ level: 'silent' })),
      new HttpAdapterHost(),
    );
    expect(() => service.beforeApplicationShutdown()).not.toThrow();
    expect(() => service.onApplicationShutdown()).not.toThrow();
  });
});
