import { describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import net from 'node:net';
import { freePort } from '../src/index.js';

const ephemeralStart = Number(
  fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0],
);

describe('freePort', () => {
  it('hands out ports below the ephemeral range, where no outgoing socket can take them', async () => {
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(10_000);
      expect(port).toBeLessThan(ephemeralStart);
    }
  });

  it('never hands out the same port twice in one process', async () => {
    const ports = [];
    for (let i = 0; i < 50; i++) ports.push(await freePort());
    expect(new Set(ports).size).toBe(ports.length);
  });

  it('hands out a port a server can listen on at once', async () => {
    const port = await freePort();
    const server = net.createServer();
    const listening = await new Promise<number>((resolve, reject) => {
      server.on('error', reject);
      server.listen(port, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port));
    });
    await new Promise((resolve) => server.close(resolve));
    expect(listening).toBe(port);
  });
});
