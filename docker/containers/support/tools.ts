// podman and what the check needs beside it, installed with apt-get as root (as
// scripts/system-deps.mjs does for the suite's other system packages). The check runs as root:
// debootstrap and podman's networks need it, as on the CI machine.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

/**
 * Each package and a file it installs. podman runs rootful with runc (crun refuses these
 * machines' hybrid cgroups) and netavark with aardvark-dns, through which service names resolve
 * between containers. docker-compose (v1) runs the compose file against podman's Docker API.
 */
const TOOLS = [
  { pkg: 'podman', file: '/usr/bin/podman' },
  { pkg: 'runc', file: '/usr/sbin/runc' },
  { pkg: 'netavark', file: '/usr/lib/podman/netavark' },
  { pkg: 'aardvark-dns', file: '/usr/lib/podman/aardvark-dns' },
  // netavark sets up the networks' rules with it; a machine without it fails each container's
  // start with "netavark: No such file or directory".
  { pkg: 'iptables', file: '/usr/sbin/iptables' },
  { pkg: 'debootstrap', file: '/usr/sbin/debootstrap' },
  { pkg: 'docker-compose', file: '/usr/bin/docker-compose' },
] as const;

/** Waits for another apt-get (the suite's own system packages) instead of failing on its lock. */
const APT = 'apt-get -o DPkg::Lock::Timeout=300';

export class NotRunnable extends Error {}

/** Installs what is missing, or throws NotRunnable with the exact line to run. */
export function ensureTools(): { installed: string[] } {
  const missing = TOOLS.filter((t) => !fs.existsSync(t.file)).map((t) => t.pkg);
  const line = `${APT} update -qq && ${APT} install -y --no-install-recommends ${missing.join(' ')}`;
  const root = process.getuid?.() === 0;
  if (!root) {
    throw new NotRunnable(
      'The container check runs as root (debootstrap, podman networks). Run it with:\n' +
        (missing.length ? `  sudo sh -c '${line}'\n` : '') +
        '  sudo npm run test:containers -w @onboarding/docker',
    );
  }
  if (missing.length === 0) return { installed: [] };
  if (!fs.existsSync('/usr/bin/apt-get')) {
    throw new NotRunnable(
      `Missing ${missing.join(', ')} and no apt-get here. Install them, e.g.:\n  ${line}`,
    );
  }
  console.log(`Installing ${missing.join(', ')}`);
  const r = spawnSync('sh', ['-c', line], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  const still = TOOLS.filter((t) => !fs.existsSync(t.file)).map((t) => t.pkg);
  if (r.status !== 0 || still.length) {
    throw new NotRunnable(`apt-get could not install ${still.join(', ')}. Run:\n  ${line}`);
  }
  return { installed: missing };
}
