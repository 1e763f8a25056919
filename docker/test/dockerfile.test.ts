import { describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { Dockerfile } from './support/dockerfile.js';
import { envsubst, filteredVars, unrendered } from './support/nginx.js';
import { DOCKER_DIR, NGINX_TEMPLATE, REPO_ROOT, requireBuilt } from './support/paths.js';

const dockerfile = Dockerfile.read();

interface PackageJson {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  workspaces?: string[];
}

function packageJson(dir: string): PackageJson {
  return JSON.parse(
    fs.readFileSync(path.join(REPO_ROOT, dir, 'package.json'), 'utf8'),
  ) as PackageJson;
}

/** Every RUN of every stage, as one text. */
const allRuns = () => dockerfile.stages.map((s) => dockerfile.runs(s.name).join('\n')).join('\n');

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
  it('builds the gateway on the Node of development and CI (the root devDependency), runs it as the unprivileged node user, with the command the tests run', () => {
    const node = packageJson('.').devDependencies?.node;
    expect(node).toMatch(/^24\.\d+\.\d+$/);
    expect(dockerfile.baseImage('gateway')).toBe(`node:${node}-bookworm-slim`);
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
    // --omit=optional drops the lock's one optional package: typescript, an optional peer.
    expect(dockerfile.runs('gateway-prod').join('\n')).toMatch(
      /npm ci --omit=dev --omit=optional .*-w @onboarding\/gateway -w @onboarding\/contracts/,
    );
    expect(dockerfile.runs('sandbox-prod').join('\n')).toMatch(
      /npm ci --omit=dev --omit=optional .*-w @onboarding\/sandbox -w @onboarding\/contracts/,
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

  it('pins every base image to a full version (the digest form is in README.md)', () => {
    expect(dockerfile.args.NODE_IMAGE).toMatch(/^node:\d+\.\d+\.\d+-bookworm-slim$/);
    expect(dockerfile.args.NGINX_IMAGE).toMatch(
      /^nginxinc\/nginx-unprivileged:\d+\.\d+\.\d+-alpine$/,
    );
    const readme = fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
    expect(readme).toContain(`${dockerfile.args.NODE_IMAGE}@sha256:`);
  });

  it('compiles nothing and runs no install script: no toolchain, npm ci --ignore-scripts', () => {
    const runs = allRuns();
    expect(runs).not.toMatch(/\b(g\+\+|gcc|make|python3|build-essential)\b/);
    const installs = [...runs.matchAll(/npm ci\b[^&;]*/g)].map((m) => m[0]);
    expect(installs).toHaveLength(3);
    for (const install of installs) expect(install).toContain('--ignore-scripts');
    // The root devDependency `node` has no binary without its install script: the build runs
    // the image's own node, not node_modules/.bin/node.
    expect(dockerfile.runs('build').join('\n')).toContain(
      'rm -rf node_modules/node node_modules/.bin/node',
    );
  });

  it("gives npm the CA bundle as a build secret, never as a layer, and keeps npm's cache out of the layers", () => {
    for (const stage of ['build', 'gateway-prod', 'sandbox-prod']) {
      const install = dockerfile.runs(stage).find((r) => r.includes('npm ci'))!;
      expect([stage, install]).toEqual([
        stage,
        expect.stringContaining('--mount=type=secret,id=ca,required=false'),
      ]);
      expect(install).toContain('npm_config_cafile=/run/secrets/ca');
      expect(install).toContain('--mount=type=cache,target=/root/.npm');
    }
    const copied = dockerfile.stages.flatMap((s) => dockerfile.copies(s.name)).join('\n');
    expect(copied).not.toMatch(/\.crt|\.pem|npmrc.*\/root/);
  });

  it('labels each image it ships (org.opencontainers.image.*) with its base image', () => {
    for (const [stage, base] of [
      ['gateway', 'NODE_IMAGE'],
      ['sandbox', 'NODE_IMAGE'],
      ['web', 'NGINX_IMAGE'],
    ] as const) {
      const labels = dockerfile
        .stage(stage)
        .instructions.filter((i) => i.keyword === 'LABEL')
        .map((i) => i.args)
        .join(' ');
      expect([stage, labels]).toEqual([
        stage,
        expect.stringContaining(`org.opencontainers.image.title="onboarding-console-${stage}"`),
      ]);
      for (const key of ['version', 'revision', 'created'])
        expect(labels).toContain(`org.opencontainers.image.${key}=`);
      expect(labels).toContain(`org.opencontainers.image.base.name="\${${base}}"`);
      // The same values inside the image; under buildah this RUN also keeps the labels current.
      expect(dockerfile.runs(stage).join('\n')).toMatch(
        new RegExp(
          `"\\$VERSION" "\\$REVISION" "\\$CREATED" "\\$${base}" > /etc/onboarding-console-release`,
        ),
      );
    }
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
