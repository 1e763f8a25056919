// The base images, made here because no image can be pulled: Debian bookworm-slim by
// debootstrap from this machine's apt mirror, and on it Node (the npm registry's build of the
// official binary), nginx and Redis from Debian's packages, each behaving like the published
// image it stands in for (docker/containers/base/*/Dockerfile). Each carries a label with a hash
// of its recipe, and is made again only when that image is missing or its recipe changed.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CONTAINERS_DIR, podman, REPO_ROOT, run } from './run.ts';

const STANDIN = 'localhost/standin';
const RECIPE_LABEL = 'org.onboarding-console.standin.recipe';
const BASE_DIR = path.join(CONTAINERS_DIR, 'base');
/** The official node image's corepack line; npm is the project's own `packageManager`. */
const COREPACK_VERSION = '0.34.7';
/** Debian's packages behind the nginx and Redis stand-ins (bookworm's upstream versions). */
const NGINX_VERSION = '1.22.1';
const REDIS_VERSION = '7.0.15';

export interface BaseImages {
  /** localhost/standin/debian:<point release>-slim */
  readonly debian: string;
  /** localhost/standin/node:<version>-bookworm-slim: NODE_IMAGE of docker/Dockerfile */
  readonly node: string;
  /** NGINX_IMAGE of docker/Dockerfile */
  readonly nginx: string;
  /** REDIS_IMAGE of docker/compose.yaml */
  readonly redis: string;
  readonly nodeVersion: string;
  /** Images made this run (the others were reused). */
  readonly made: string[];
}

interface RootPackage {
  devDependencies?: Record<string, string>;
  packageManager?: string;
}

/** The Node of development and CI (the root devDependency `node`) and the project's npm. */
function projectVersions(): { node: string; npm: string } {
  const pkg = JSON.parse(
    fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'),
  ) as RootPackage;
  const node = pkg.devDependencies?.node ?? '';
  const npm = /^npm@(\d+\.\d+\.\d+)$/.exec(pkg.packageManager ?? '')?.[1] ?? '';
  if (!/^\d+\.\d+\.\d+$/.test(node)) {
    throw new Error(
      `the root package.json's devDependency "node" is not an exact version: ${node}`,
    );
  }
  if (!npm) throw new Error(`the root package.json's packageManager is not npm@x.y.z`);
  return { node, npm };
}

function hash(parts: unknown[], dirs: string[] = []): string {
  const h = createHash('sha256');
  h.update(JSON.stringify(parts));
  for (const dir of dirs) {
    for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const file = path.join(entry.parentPath, entry.name);
      h.update(path.relative(dir, file));
      h.update(fs.readFileSync(file));
    }
  }
  return h.digest('hex').slice(0, 32);
}

/** The recipe label of `image`, or undefined when there is no such image. */
async function recipeOf(image: string): Promise<string | undefined> {
  const r = await podman(
    ['image', 'inspect', '--format', `{{index .Labels "${RECIPE_LABEL}"}}`, image],
    {
      allowFailure: true,
    },
  );
  return r.code === 0 ? r.stdout.trim() : undefined;
}

async function imageId(image: string): Promise<string> {
  return (await podman(['image', 'inspect', '--format', '{{.Id}}', image])).stdout.trim();
}

/** The Debian mirror and security mirror of this machine's apt sources (deb822 or one-line). */
function aptMirrors(): { mirror: string; security: string } {
  const uris: string[] = [];
  const files = ['/etc/apt/sources.list'];
  const dir = '/etc/apt/sources.list.d';
  if (fs.existsSync(dir)) {
    for (const f of fs.readdirSync(dir).sort()) {
      if (f.endsWith('.sources') || f.endsWith('.list')) files.push(path.join(dir, f));
    }
  }
  for (const file of files.filter((f) => fs.existsSync(f))) {
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(/^URIs:\s*(\S+)/gm)) uris.push(m[1]!);
    for (const m of text.matchAll(/^deb\s+(?:\[[^\]]*\]\s+)?(\S+)/gm)) uris.push(m[1]!);
  }
  const debian = uris.filter((u) => /^https?:\/\//.test(u) && /\/debian\/?$/.test(u));
  const security = uris.filter((u) => /^https?:\/\//.test(u) && /\/debian-security\/?$/.test(u));
  return {
    mirror: debian[0] ?? 'http://deb.debian.org/debian',
    security: security[0] ?? 'http://deb.debian.org/debian-security',
  };
}

/** What the official slim image does to a fresh debootstrap: no docs, man pages, locales, lists. */
const SLIM_DPKG_EXCLUDES = `# As the official slim images: what containers do not need is not installed.
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/groff/*
path-exclude /usr/share/info/*
path-exclude /usr/share/locale/*
path-include /usr/share/locale/locale.alias
path-exclude /usr/share/lintian/*
path-exclude /usr/share/linda/*
`;
const APT_CLEAN = `DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
Dir::Cache::pkgcache "";
Dir::Cache::srcpkgcache "";
`;
const SLIM_TRIM = [
  'var/lib/apt/lists/*',
  'var/cache/apt/*.bin',
  'var/cache/apt/archives/*.deb',
  'var/cache/debconf/*-old',
  'var/log/*',
  'usr/share/man/*',
  'usr/share/info/*',
  'usr/share/groff/*',
  'usr/share/lintian/*',
];

class Missing extends Error {
  constructor(image: string) {
    super(`${image} is missing or out of date: the build phase makes it (--phase=build)`);
  }
}

async function makeDebian(
  logFile: string,
  make: boolean,
  whileMaking: () => void,
): Promise<{ version: string; made: boolean }> {
  const { mirror, security } = aptMirrors();
  const suite = 'bookworm';
  const recipe = hash([
    'debian',
    suite,
    mirror,
    security,
    SLIM_DPKG_EXCLUDES,
    APT_CLEAN,
    SLIM_TRIM,
  ]);
  const alias = `${STANDIN}/debian:${suite}-slim`;
  if ((await recipeOf(alias)) === recipe) {
    const version = await podman([
      'image',
      'inspect',
      '--format',
      '{{index .Labels "org.opencontainers.image.version"}}',
      alias,
    ]);
    return { version: version.stdout.trim(), made: false };
  }
  if (!make) throw new Missing(alias);
  whileMaking();
  const rootfs = fs.mkdtempSync(path.join(os.tmpdir(), 'onboarding-debian-'));
  try {
    await run('debootstrap', ['--variant=minbase', suite, rootfs, mirror], { logFile });
    const at = (p: string) => path.join(rootfs, p);
    // The machine's mirrors, as the official image lists them (updates and security included).
    fs.rmSync(at('etc/apt/sources.list'), { force: true });
    fs.writeFileSync(
      at('etc/apt/sources.list.d/debian.sources'),
      `Types: deb\nURIs: ${mirror}\nSuites: ${suite} ${suite}-updates\nComponents: main\n` +
        `Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg\n\n` +
        `Types: deb\nURIs: ${security}\nSuites: ${suite}-security\nComponents: main\n` +
        `Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg\n`,
    );
    fs.writeFileSync(at('etc/dpkg/dpkg.cfg.d/docker'), SLIM_DPKG_EXCLUDES);
    fs.writeFileSync(at('etc/apt/apt.conf.d/docker-clean'), APT_CLEAN);
    fs.writeFileSync(at('etc/apt/apt.conf.d/docker-no-languages'), 'Acquire::Languages "none";\n');
    fs.writeFileSync(
      at('etc/apt/apt.conf.d/docker-autoremove-suggests'),
      'Apt::AutoRemove::SuggestsImportant "false";\n',
    );
    // Packages' maintainer scripts never start services in an image (as debuerreotype's).
    fs.writeFileSync(at('usr/sbin/policy-rc.d'), '#!/bin/sh\nexit 101\n', { mode: 0o755 });
    // The runtime provides these.
    for (const f of ['etc/resolv.conf', 'etc/hostname']) {
      fs.rmSync(at(f), { force: true });
      fs.writeFileSync(at(f), '');
    }
    await run('sh', ['-c', `cd '${rootfs}' && rm -rf ${SLIM_TRIM.join(' ')}`]);
    await run('sh', [
      '-c',
      `cd '${rootfs}/usr/share/doc' && find . -mindepth 1 ! -type d ! -name copyright -delete; ` +
        `cd '${rootfs}/usr/share/locale' && find . -mindepth 1 -maxdepth 1 ! -name locale.alias -exec rm -rf {} +`,
    ]);
    const version = fs.readFileSync(at('etc/debian_version'), 'utf8').trim();
    const image = `${STANDIN}/debian:${version}-slim`;
    await run(
      'sh',
      [
        '-c',
        `tar --numeric-owner -C '${rootfs}' -c . | podman import ` +
          `--change 'CMD ["bash"]' --change 'LABEL ${RECIPE_LABEL}=${recipe}' ` +
          `--change 'LABEL org.opencontainers.image.version=${version}' - ${image}`,
      ],
      { logFile },
    );
    await podman(['tag', image, alias]);
    return { version, made: true };
  } finally {
    fs.rmSync(rootfs, { recursive: true, force: true });
  }
}

/** `podman build` of a stand-in unless an image with the same recipe is there. */
async function buildStandin(
  image: string,
  recipe: string,
  context: string,
  dockerfile: string,
  args: Record<string, string>,
  logFile: string,
  make: boolean,
): Promise<boolean> {
  if ((await recipeOf(image)) === recipe) return false;
  if (!make) throw new Missing(image);
  await podman(
    [
      'build',
      '--pull=never',
      // As buildTarget: no bridge made and removed for each RUN step (images.ts).
      '--network',
      'host',
      '--format',
      'docker',
      '--label',
      `${RECIPE_LABEL}=${recipe}`,
      ...Object.entries(args).flatMap(([k, v]) => ['--build-arg', `${k}=${v}`]),
      '-f',
      dockerfile,
      '-t',
      image,
      context,
    ],
    { logFile },
  );
  return true;
}

/** The node stand-in's context: the three packed tarballs and the entrypoint. */
async function nodeContext(node: string, npm: string, logFile: string): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'onboarding-node-'));
  const arch = process.arch === 'arm64' ? 'arm64' : 'x64';
  const specs = {
    'node-linux.tgz': `node-linux-${arch}@${node}`,
    'npm.tgz': `npm@${npm}`,
    'corepack.tgz': `corepack@${COREPACK_VERSION}`,
  };
  const packed = await run(
    'npm',
    ['pack', '--json', '--pack-destination', dir, ...Object.values(specs)],
    { logFile },
  );
  const files = (JSON.parse(packed.stdout) as { filename: string }[]).map((p) => p.filename);
  Object.keys(specs).forEach((name, i) =>
    fs.renameSync(path.join(dir, path.basename(files[i]!)), path.join(dir, name)),
  );
  fs.copyFileSync(
    path.join(BASE_DIR, 'node/docker-entrypoint.sh'),
    path.join(dir, 'docker-entrypoint.sh'),
  );
  fs.chmodSync(path.join(dir, 'docker-entrypoint.sh'), 0o755);
  return dir;
}

/**
 * Every stand-in base image, made when missing (`make`; otherwise a missing one is an error):
 * Debian first, the others on it at once.
 */
export async function makeBaseImages(logFile: string, make = true): Promise<BaseImages> {
  const made: string[] = [];
  const { node: nodeVersion, npm: npmVersion } = projectVersions();
  // A new Debian means a new Node image: its tarballs download meanwhile.
  let packing: Promise<string> | undefined;
  const pack = () => (packing ??= nodeContext(nodeVersion, npmVersion, logFile));
  try {
    const debianMade = await makeDebian(logFile, make, () => void pack().catch(() => undefined));
    const debian = `${STANDIN}/debian:${debianMade.version}-slim`;
    if (debianMade.made) made.push(debian);
    const debianId = await imageId(debian);

    const node = `${STANDIN}/node:${nodeVersion}-bookworm-slim`;
    const nginx = `${STANDIN}/nginx-unprivileged:${NGINX_VERSION}-bookworm`;
    const redis = `${STANDIN}/redis:${REDIS_VERSION}-bookworm`;
    const dir = (name: string) => path.join(BASE_DIR, name);

    const nodeRecipe = hash(
      ['node', debianId, nodeVersion, npmVersion, COREPACK_VERSION],
      [dir('node')],
    );
    const buildNode = async () => {
      if ((await recipeOf(node)) === nodeRecipe) return;
      if (!make) throw new Missing(node);
      const args = {
        DEBIAN_IMAGE: debian,
        NODE_VERSION: nodeVersion,
        NPM_VERSION: npmVersion,
        COREPACK_VERSION,
      };
      const dockerfile = path.join(dir('node'), 'Dockerfile');
      await buildStandin(node, nodeRecipe, await pack(), dockerfile, args, logFile, make);
      made.push(node);
    };
    const buildFromDebian = async (image: string, name: string, args: Record<string, string>) => {
      const recipe = hash([name, debianId, args], [dir(name)]);
      const dockerfile = path.join(dir(name), 'Dockerfile');
      const all = { DEBIAN_IMAGE: debian, ...args };
      if (await buildStandin(image, recipe, dir(name), dockerfile, all, logFile, make))
        made.push(image);
    };
    await Promise.all([
      buildNode(),
      buildFromDebian(nginx, 'nginx', { NGINX_VERSION }),
      buildFromDebian(redis, 'redis', { REDIS_VERSION }),
    ]);
    return { debian, node, nginx, redis, nodeVersion, made };
  } finally {
    const context = await packing?.catch(() => undefined);
    if (context) fs.rmSync(context, { recursive: true, force: true });
  }
}
