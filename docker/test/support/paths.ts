import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: the build context of every image, and what WORKDIR /app holds in them. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const DOCKER_DIR = path.join(REPO_ROOT, 'docker');
export const DOCKERFILE = path.join(DOCKER_DIR, 'Dockerfile');
export const COMPOSE_FILE = path.join(DOCKER_DIR, 'compose.yaml');
export const NGINX_TEMPLATE = path.join(DOCKER_DIR, 'web/default.conf.template');
/** The web image's entrypoint script that adds HTTPS with HTTP/2 when given a certificate. */
export const NGINX_TLS_SCRIPT = path.join(DOCKER_DIR, 'web/25-onboarding-tls.sh');
export const WEB_DIST = path.join(REPO_ROOT, 'apps/web/dist');

/** A build output the tests run, or a clear line saying how to build it. */
export function requireBuilt(relative: string, workspace: string): string {
  const file = path.join(REPO_ROOT, relative);
  if (!fs.existsSync(file)) {
    throw new Error(`${relative} is missing: build it first (npm run build -w ${workspace})`);
  }
  return file;
}
