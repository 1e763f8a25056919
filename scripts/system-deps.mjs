// The suite drives Debian's Chromium, starts real redis-server and nginx processes and
// validates the compose file. When one is missing,
// install it if we can (root with apt-get), otherwise stop with the exact line to run.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';

const SYSTEM_DEPS = [
  { pkg: 'chromium', bin: '/usr/bin/chromium' },
  { pkg: 'redis-server', bin: 'redis-server' },
  { pkg: 'nginx', bin: 'nginx' },
  // `docker compose config` validates the compose file; without the compose plugin (no
  // Docker engine here) Debian's docker-compose does the same check.
  { pkg: 'docker-compose', bin: 'docker-compose' },
];

function has(bin) {
  if (bin.startsWith('/')) return fs.existsSync(bin);
  const found = spawnSync('sh', ['-c', `command -v ${bin} || test -x /usr/sbin/${bin}`], {
    stdio: 'ignore',
  });
  return found.status === 0;
}

export function ensureSystemDeps(deps = SYSTEM_DEPS) {
  const missing = deps.filter((d) => !has(d.bin)).map((d) => d.pkg);
  if (missing.length === 0) return;
  const line = `apt-get update && apt-get install -y --no-install-recommends ${missing.join(' ')}`;
  const canInstall = process.getuid?.() === 0 && has('apt-get');
  if (!canInstall) {
    console.error(
      `Missing system packages: ${missing.join(', ')}. Install them with:\n  sudo ${line}`,
    );
    process.exit(1);
  }
  console.log(`Installing system packages: ${missing.join(', ')}`);
  execFileSync('sh', ['-c', `DEBIAN_FRONTEND=noninteractive ${line}`], { stdio: 'inherit' });
}

if (import.meta.url === `file://${process.argv[1]}`) ensureSystemDeps();
