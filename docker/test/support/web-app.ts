import fs from 'node:fs';
import path from 'node:path';
import { composeConfig } from './compose.js';
import { copyWebDist } from './nginx.js';
import { requireBuilt, WEB_DIST } from './paths.js';

/**
 * What the web image's tests serve and read: a copy of the built web app, its index.html and
 * the first script that names, and compose's resolved config (with throwaway secrets).
 */
export function builtWebApp() {
  requireBuilt('apps/web/dist/index.html', '@onboarding/web');
  const webRoot = copyWebDist(WEB_DIST);
  const indexHtml = fs.readFileSync(path.join(webRoot, 'index.html'), 'utf8');
  const asset = /<script[^>]*src="(\/assets\/[^"]+\.js)"/.exec(indexHtml)?.[1];
  if (!asset) throw new Error('index.html loads no /assets/ script');
  const result = composeConfig({ SESSION_SECRET: 'x'.repeat(48), REDIS_PASSWORD: 'unused' });
  if (!result.config) throw new Error(`${result.command}: ${result.stderr}`);
  return { webRoot, indexHtml, asset, compose: result.config };
}
