import { beforeAll, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import path from 'node:path';
import { EnvSchema } from '../../apps/gateway/dist/config/env.schema.js';
import {
  type ComposeConfig,
  composeConfig,
  dependsOn,
  type ComposeResult,
  publishedPorts,
  serviceEnv,
  serviceNetworks,
} from './support/compose.js';
import { COMPOSE_FILE, REPO_ROOT } from './support/paths.js';

const SECRET = 'compose-test-secret-0123456789abcdefghijkl';
const REDIS_PASSWORD = 'compose-test-redis-0123456789abcdef';

/** The variables of a markdown section's table (first column, in backticks). */
function tableVariables(markdown: string, heading: string): string[] {
  const start = markdown.indexOf(`## ${heading}`);
  const end = markdown.indexOf('\n## ', start + 1);
  const section = markdown.slice(start, end === -1 ? undefined : end);
  const names = new Set<string>();
  for (const row of section.split('\n').filter((l) => l.startsWith('|'))) {
    const first = row.split('|')[1] ?? '';
    for (const m of first.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) names.add(m[1]!);
  }
  return [...names];
}

/** Keys of the sandbox's environment schema (apps/sandbox/src/config/env.ts). */
function sandboxVariables(): string[] {
  const source = fs.readFileSync(path.join(REPO_ROOT, 'apps/sandbox/src/config/env.ts'), 'utf8');
  const schema = source.slice(source.indexOf('const EnvSchema'));
  return [...schema.slice(0, schema.indexOf('});')).matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map(
    (m) => m[1]!,
  );
}

describe('docker/compose.yaml', () => {
  let result: ComposeResult;
  let config: ComposeConfig;
  const text = fs.readFileSync(COMPOSE_FILE, 'utf8');

  beforeAll(() => {
    result = composeConfig({ SESSION_SECRET: SECRET, REDIS_PASSWORD });
    if (!result.config) throw new Error(`${result.command} failed:\n${result.stderr}`);
    config = result.config;
  }, 240_000);

  it('passes `docker compose config`: web, two gateway replicas, Redis and the sandbox', () => {
    expect(result.status).toBe(0);
    expect(Object.keys(config.services).sort()).toEqual([
      'gateway-1',
      'gateway-2',
      'redis',
      'sandbox',
      'web',
    ]);
    for (const [service, target] of Object.entries({
      web: 'web',
      'gateway-1': 'gateway',
      'gateway-2': 'gateway',
      sandbox: 'sandbox',
    })) {
      expect(config.services[service]?.build).toMatchObject({
        context: REPO_ROOT,
        dockerfile: 'docker/Dockerfile',
        target,
      });
    }
    // A full version, as the Dockerfile's base images; REDIS_IMAGE picks another.
    expect(config.services.redis?.image).toMatch(/^redis:\d+\.\d+\.\d+-alpine$/);
    const other = composeConfig({ SESSION_SECRET: SECRET, REDIS_PASSWORD, REDIS_IMAGE: 'r:1' });
    expect(other.config?.services.redis?.image).toBe('r:1');
  });

  it('runs every service on a read-only root filesystem with every capability dropped and no-new-privileges, Redis as its own user', () => {
    for (const [name, service] of Object.entries(config.services)) {
      expect([name, service.read_only]).toEqual([name, true]);
      expect([name, service.cap_drop]).toEqual([name, ['ALL']]);
      expect([name, service.security_opt]).toEqual([name, ['no-new-privileges:true']]);
    }
    // Where they write: nginx renders its site into conf.d and keeps its pid in /tmp; Redis
    // writes /data (a volume), as its own user from the start (its entrypoint as root would
    // chown and switch users, which needs the capabilities dropped).
    expect(config.services.web?.tmpfs).toEqual(['/tmp', '/etc/nginx/conf.d']);
    expect(config.services.redis?.user).toBe('redis');
    expect(JSON.stringify(config.services.redis?.volumes)).toContain('/data');
  });

  it('gives every service memory, CPU and process limits and rotated json-file logs', () => {
    for (const [name, service] of Object.entries(config.services)) {
      expect([name, service.mem_limit]).toEqual([name, expect.stringMatching(/^\d+m$/)]);
      expect([name, Number(service.cpus)]).toEqual([name, expect.any(Number)]);
      expect(Number(service.cpus)).toBeGreaterThan(0);
      expect(service.pids_limit).toBeGreaterThan(0);
      expect([name, service.logging]).toEqual([
        name,
        { driver: 'json-file', options: { 'max-size': '10m', 'max-file': '3' } },
      ]);
    }
  });

  it('moves the published ports with WEB_PORT and SANDBOX_PORT, the sandbox listening where it is published', () => {
    const moved = composeConfig({
      SESSION_SECRET: SECRET,
      REDIS_PASSWORD,
      WEB_PORT: '18780',
      SANDBOX_PORT: '18710',
    }).config!;
    expect(JSON.stringify(moved.services.web?.ports)).toMatch(/18780\D+8080/);
    expect(JSON.stringify(moved.services.sandbox?.ports)).toMatch(/18710\D+18710/);
    expect(serviceEnv(moved, 'sandbox')).toMatchObject({
      SANDBOX_PORT: '18710',
      SANDBOX_PUBLIC_URL: 'http://sandbox.localhost:18710',
    });
  });

  it('publishes web and the sandbox on 127.0.0.1 only; WEB_BIND opts web in to another address', () => {
    expect(publishedPorts(config, 'web')).toEqual([
      { address: '127.0.0.1', published: '8080', target: '8080' },
    ]);
    expect(publishedPorts(config, 'sandbox')).toEqual([
      { address: '127.0.0.1', published: '4010', target: '4010' },
    ]);
    for (const name of Object.keys(config.services)) {
      for (const port of publishedPorts(config, name))
        expect([name, port.address]).toEqual([name, '127.0.0.1']);
    }
    const opened = composeConfig({
      SESSION_SECRET: SECRET,
      REDIS_PASSWORD,
      WEB_BIND: '0.0.0.0',
      WEB_PORT: '18780',
    }).config!;
    expect(publishedPorts(opened, 'web')).toEqual([
      { address: '0.0.0.0', published: '18780', target: '8080' },
    ]);
    expect(publishedPorts(opened, 'sandbox')).toEqual([
      { address: '127.0.0.1', published: '4010', target: '4010' },
    ]);
    // Named for operators: the compose file's header, docker/.env.example and the README.
    const example = fs.readFileSync(path.join(REPO_ROOT, 'docker/.env.example'), 'utf8');
    const readme = fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
    for (const doc of [text.slice(0, text.indexOf('\nx-')), example, readme])
      expect(doc).toMatch(/WEB_BIND/);
  });

  it('names every secret in docker/.env.example with a way to make it, and sets none of them there', () => {
    const example = fs.readFileSync(path.join(REPO_ROOT, 'docker/.env.example'), 'utf8');
    const required = [...text.matchAll(/\$\{([A-Z_]+):\?/g)].map((m) => m[1]!);
    const secrets = [...new Set([...required, 'OIDC_CLIENT_SECRET'])];
    expect(secrets).toEqual(expect.arrayContaining(['SESSION_SECRET', 'REDIS_PASSWORD']));
    for (const name of secrets) {
      const line = new RegExp(`^#?\\s*${name}=(.*)$`, 'm').exec(example);
      expect([name, line?.[1]]).toEqual([name, '']);
      // A comment above it says how to make one.
      const before = example.slice(0, example.indexOf(`${name}=`));
      expect([name, before.split('\n').slice(-4).join('\n')]).toEqual([
        name,
        expect.stringMatching(/openssl rand|identity provider/),
      ]);
    }
  });

  it('runs both gateway replicas with SESSION_STORE=redis on the Redis service and one session secret', () => {
    const a = serviceEnv(config, 'gateway-1');
    const b = serviceEnv(config, 'gateway-2');
    expect(a).toEqual(b);
    expect(a).toMatchObject({
      SESSION_STORE: 'redis',
      REDIS_URL: `redis://:${REDIS_PASSWORD}@redis:6379`,
      SESSION_SECRET: SECRET,
      PUBLIC_URL: 'http://localhost:8080',
    });
    for (const gateway of ['gateway-1', 'gateway-2']) {
      expect(dependsOn(config, gateway)).toEqual({
        redis: 'service_healthy',
        sandbox: 'service_healthy',
      });
    }
  });

  it('refuses to run without SESSION_SECRET or REDIS_PASSWORD, and says which variable is missing', () => {
    const noSecret = composeConfig({ REDIS_PASSWORD });
    expect(noSecret.status).not.toBe(0);
    expect(noSecret.stderr).toContain('set SESSION_SECRET');
    const noPassword = composeConfig({ SESSION_SECRET: SECRET });
    expect(noPassword.status).not.toBe(0);
    expect(noPassword.stderr).toContain('set REDIS_PASSWORD');
  });

  it('runs Redis with the password, checks its health authenticated, and gives the gateways the same one', () => {
    const redis = config.services.redis!;
    const command = redis.command as string[];
    expect(command[0]).toBe('redis-server');
    expect(command[command.indexOf('--requirepass') + 1]).toBe(REDIS_PASSWORD);
    // redis-cli reads REDISCLI_AUTH: the password stays off the health check's command line.
    expect(serviceEnv(config, 'redis').REDISCLI_AUTH).toBe(REDIS_PASSWORD);
    expect(JSON.stringify(redis.healthcheck?.test)).toContain('redis-cli ping');
    expect(JSON.stringify(redis.healthcheck?.test)).not.toContain(REDIS_PASSWORD);
    const url = new URL(serviceEnv(config, 'gateway-1').REDIS_URL!);
    expect(decodeURIComponent(url.password)).toBe(REDIS_PASSWORD);
  });

  it('puts Redis on a network of its own with the gateways only: web and the sandbox cannot reach it', () => {
    const store = serviceNetworks(config, 'redis');
    expect(store).toHaveLength(1);
    const [network] = store;
    expect(network).not.toBe('default');
    expect(config.networks?.[network!]).toMatchObject({ internal: true });
    expect(serviceNetworks(config, 'gateway-1')).toEqual(['default', network].sort());
    expect(serviceNetworks(config, 'gateway-2')).toEqual(['default', network].sort());
    expect(serviceNetworks(config, 'web')).not.toContain(network);
    expect(serviceNetworks(config, 'sandbox')).not.toContain(network);
    // Not published either.
    expect(config.services.redis?.ports).toBeUndefined();
  });

  it('runs the gateways as the sandbox demo (development) unless NODE_ENV says production', () => {
    expect(serviceEnv(config, 'gateway-1').NODE_ENV).toBe('development');
    const production = composeConfig({
      SESSION_SECRET: SECRET,
      REDIS_PASSWORD,
      NODE_ENV: 'production',
    });
    expect(serviceEnv(production.config!, 'gateway-1').NODE_ENV).toBe('production');
    expect(serviceEnv(production.config!, 'gateway-2').NODE_ENV).toBe('production');
  });

  it("takes the request id from nginx, which overwrites a caller's X-Request-Id (TRUST_PROXY_REQUEST_ID)", () => {
    const template = fs.readFileSync(
      path.join(REPO_ROOT, 'docker/web/default.conf.template'),
      'utf8',
    );
    expect(template).toMatch(/proxy_set_header X-Request-Id \$request_id;/);
    for (const gateway of ['gateway-1', 'gateway-2'])
      expect(serviceEnv(config, gateway).TRUST_PROXY_REQUEST_ID).toBe('true');
  });

  it('leaves the client address to nginx alone unless balancers are named (NGINX_REAL_IP_FROM)', () => {
    expect(serviceEnv(config, 'web').NGINX_REAL_IP_FROM).toBe('');
    // nginx resolves the balancers' chain: the gateways still trust one proxy, nginx.
    expect(serviceEnv(config, 'gateway-1').TRUST_PROXY_HOPS).toBe('1');
    const behind = composeConfig({
      SESSION_SECRET: SECRET,
      REDIS_PASSWORD,
      NGINX_REAL_IP_FROM: 'set_real_ip_from 10.0.0.0/8;',
    });
    expect(serviceEnv(behind.config!, 'web').NGINX_REAL_IP_FROM).toBe(
      'set_real_ip_from 10.0.0.0/8;',
    );
    expect(serviceEnv(behind.config!, 'gateway-1').TRUST_PROXY_HOPS).toBe('1');
  });

  it('puts nginx in front of both replicas, round robin, on the published port 8080', () => {
    const web = serviceEnv(config, 'web');
    const servers = [...(web.GATEWAY_SERVERS ?? '').matchAll(/server\s+([^\s;]+)[^;]*;/g)].map(
      (m) => m[1],
    );
    expect(servers).toEqual(['gateway-1:8080', 'gateway-2:8080']);
    expect(dependsOn(config, 'web')).toEqual({
      'gateway-1': 'service_healthy',
      'gateway-2': 'service_healthy',
    });
    expect(JSON.stringify(config.services.web?.ports)).toMatch(/8080/);
    // The gateways are reached through nginx only.
    expect(config.services['gateway-1']?.ports).toBeUndefined();
    expect(config.services['gateway-2']?.ports).toBeUndefined();
  });

  it('gives the browser and the gateways one address for the identity provider', () => {
    const gateway = serviceEnv(config, 'gateway-1');
    const sandbox = serviceEnv(config, 'sandbox');
    const issuer = new URL(gateway.OIDC_ISSUER!);
    expect(`${sandbox.SANDBOX_PUBLIC_URL}/oidc`).toBe(issuer.href);
    // Containers resolve it through the sandbox's network alias; browsers resolve *.localhost
    // to the machine, where the sandbox's port is published.
    expect(issuer.hostname).toMatch(/\.localhost$/);
    expect(config.services.sandbox?.networks?.default?.aliases).toContain(issuer.hostname);
    expect(JSON.stringify(config.services.sandbox?.ports)).toContain(issuer.port);
    expect(sandbox.SANDBOX_PORT).toBe(issuer.port);
    expect(sandbox.PUBLIC_URL).toBe(gateway.PUBLIC_URL);
    expect(sandbox.OIDC_CLIENT_SECRET).toBe(gateway.OIDC_CLIENT_SECRET);
  });

  it('sets or names in a comment every variable of the README configuration table for the gateways', () => {
    const readme = fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
    const documented = tableVariables(readme, 'Configuration');
    expect(documented).toEqual(
      expect.arrayContaining(['PORT', 'PUBLIC_URL', 'SESSION_SECRET', 'SESSION_STORE']),
    );
    const named = (name: string) => new RegExp(`\\b${name}\\b`).test(text);
    const gateway = serviceEnv(config, 'gateway-1');
    const gatewayOnes = documented.filter((v) => !v.startsWith('SANDBOX_'));
    expect(gatewayOnes.filter((v) => !(v in gateway) && !named(v))).toEqual([]);
  });

  it("sets or names in a comment every variable of the gateway's and the sandbox's configuration", () => {
    const named = (name: string) => new RegExp(`\\b${name}\\b`).test(text);
    const gateway = serviceEnv(config, 'gateway-1');
    const gatewayVars = Object.keys(EnvSchema.shape);
    expect(gatewayVars.length).toBeGreaterThan(20);
    expect(gatewayVars.filter((v) => !(v in gateway) && !named(v))).toEqual([]);
    const sandbox = serviceEnv(config, 'sandbox');
    const sandboxVars = sandboxVariables();
    expect(sandboxVars).toEqual(expect.arrayContaining(['SANDBOX_PORT', 'SANDBOX_DATA_DIR']));
    expect(sandboxVars.filter((v) => !(v in sandbox) && !named(v))).toEqual([]);
  });
});
