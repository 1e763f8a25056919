import { describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { Dockerfile } from './support/dockerfile.js';
import { envsubst, filteredVars, unrendered } from './support/nginx.js';
import { DOCKER_DIR, NGINX_TEMPLATE, REPO_ROOT, requireBuilt } from './support/paths.js';

const dockerfile = Dockerfile.read();

function packageJson(dir: string): {
  dependencies?: Record<string, string>;
  workspaces?: string[];
} {
  return JSON.parse(fs.readFileSync(path.join(REPO_ROOT, dir, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
    workspaces?: string[];
  };
}

/** The packages a build output imports (bare specifiers; Node's own modules left out). */
function importedPackages(distDir: string): Map<string, string> {
  const found = new Map<string, string>();
  const builtins = new Set(builtinModules);
  for (const entry of fs.readdirSync(distDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.js')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const code = fs.readFileSync(file, 'utf8');
    for (const m of code.matchAll(
      /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\(\s*)['"]([^'"]+)['"]/g,
    )) {
      const spec = m[1]!;
      if (spec.startsWith('.') || spec.startsWith('/') || spec.startsWith('node:')) continue;
      const name = spec.startsWith('@')
        ? spec.split('/').slice(0, 2).join('/')
        : spec.split('/')[0]!;
      if (builtins.has(name)) continue;
      found.set(name, path.relative(REPO_ROOT, file));
    }
  }
  return found;
}

/** Packages imported by `dist` that `workspace`'s production dependencies do not provide. */
function missingFromProduction(workspaceDir: string): string[] {
  requireBuilt(path.join(workspaceDir, 'dist'), workspaceDir);
  const deps = packageJson(workspaceDir).dependencies ?? {};
  return [...importedPackages(path.join(REPO_ROOT, workspaceDir, 'dist'))]
    .filter(([name]) => !(name in deps))
    .map(([name, file]) => `${name} (imported by ${file})`);
}

describe('docker/Dockerfile', () => {
  it('builds the gateway on Node 24 LTS, runs it as the unprivileged node user, with the command the tests run', () => {
    expect(dockerfile.baseImage('gateway')).toBe('node:24-bookworm-slim');
    expect(dockerfile.user('gateway')).toBe('node');
    expect(dockerfile.cmd('gateway')).toEqual(['node', 'apps/gateway/dist/main.js']);
    expect(dockerfile.env('gateway')).toMatchObject({ NODE_ENV: 'production', DATA_DIR: '/data' });
    const hc = dockerfile.healthcheck('gateway');
    expect(hc?.options).toMatch(/--interval=\d+s/);
    expect((hc?.command as string[]).join(' ')).toContain('/api/health');
    // The default target (`docker build -f docker/Dockerfile .`) is the gateway.
    expect(dockerfile.stages.at(-1)?.name).toBe('gateway');
  });

  it('ships only production dependencies in the gateway and sandbox images', () => {
    expect(dockerfile.runs('gateway-prod').join('\n')).toContain(
      'npm ci --omit=dev -w @onboarding/gateway -w @onboarding/contracts',
    );
    expect(dockerfile.runs('sandbox-prod').join('\n')).toContain(
      'npm ci --omit=dev -w @onboarding/sandbox -w @onboarding/contracts',
    );
    // The runtime stages take everything from the production install, nothing from the build.
    expect(dockerfile.copies('gateway')).toEqual(['--from=gateway-prod /app /app']);
    expect(dockerfile.copies('sandbox')).toEqual(['--from=sandbox-prod /app /app']);
    expect(dockerfile.baseImage('gateway-prod')).toBe(dockerfile.baseImage('gateway'));
  });

  it("installs every package the gateway's and the sandbox's build output imports", () => {
    expect(missingFromProduction('apps/gateway')).toEqual([]);
    expect(missingFromProduction('apps/sandbox')).toEqual([]);
    expect(missingFromProduction('packages/contracts')).toEqual([]);
    expect(packageJson('apps/gateway').dependencies).toHaveProperty(['@onboarding/contracts']);
    expect(packageJson('apps/sandbox').dependencies).toHaveProperty(['@onboarding/contracts']);
  });

  it("copies every workspace's package.json before `npm ci` (the lock file needs them all)", () => {
    const copied = dockerfile.copies('manifests').join('\n');
    expect(copied).toContain('package.json package-lock.json .npmrc');
    for (const workspace of packageJson('.').workspaces ?? []) {
      expect([workspace, copied.includes(`${workspace}/package.json ${workspace}/`)]).toEqual([
        workspace,
        true,
      ]);
    }
  });

  it('runs the sandbox image unprivileged, listening beyond the container, its data in /data', () => {
    expect(dockerfile.user('sandbox')).toBe('node');
    expect(dockerfile.cmd('sandbox')).toEqual(['node', 'apps/sandbox/dist/main.js']);
    expect(dockerfile.env('sandbox')).toMatchObject({
      SANDBOX_HOST: '0.0.0.0',
      SANDBOX_DATA_DIR: '/data',
    });
  });

  it('renders the web image’s nginx template completely from the image’s own defaults', () => {
    expect(dockerfile.baseImage('web')).toMatch(/^nginxinc\/nginx-unprivileged:/);
    expect(dockerfile.user('web')).toBe('101');
    const copies = dockerfile.copies('web');
    expect(copies).toContain(
      'docker/web/default.conf.template /etc/nginx/templates/default.conf.template',
    );
    const env = dockerfile.env('web');
    expect(copies).toContain(`--from=build /app/apps/web/dist/ ${env.NGINX_WEB_ROOT}/`);
    const template = fs.readFileSync(NGINX_TEMPLATE, 'utf8');
    const placeholders = new Set(unrendered(template));
    expect([...placeholders].sort()).toEqual([
      'GATEWAY_SERVERS',
      'NGINX_HSTS',
      'NGINX_LISTEN',
      'NGINX_REAL_IP_FROM',
      'NGINX_WEB_ROOT',
    ]);
    const rendered = envsubst(template, filteredVars(env, env.NGINX_ENVSUBST_FILTER ?? '.*'));
    expect(unrendered(rendered)).toEqual([]);
    expect(rendered).toContain('listen 8080;');
    expect(rendered).toContain('server gateway:8080;');
    // No balancer trusted by default: the client is whoever connected to nginx.
    expect(rendered).not.toMatch(/^\s*set_real_ip_from/m);
  });

  it('keeps host build output and dependencies out of the build context', () => {
    const ignore = fs
      .readFileSync(path.join(DOCKER_DIR, 'Dockerfile.dockerignore'), 'utf8')
      .split('\n')
      .map((l) => l.trim());
    expect(ignore).toEqual(
      expect.arrayContaining(['**/node_modules', '**/dist', '.git', '.data', '.env', '.env.*']),
    );
  });
});
