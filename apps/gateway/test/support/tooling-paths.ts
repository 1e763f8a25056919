/**
 * Addresses of the web build's tooling files (source maps, the route-page table, Vite's
 * manifests), each written a way a path could try to slip past the check: the web app answers
 * every one as a missing asset.
 */
export const TOOLING_PATHS = [
  '/assets/index-3f9a1c.js.map',
  '/assets/index-3f9a1c.js%2Emap',
  '/pages.json',
  '/pages.json.br',
  '/pages.json.gz',
  '/pages%2ejson',
  '/PAGES.JSON',
  '/assets/../pages.json',
  '/assets/%2e%2e/pages.json',
  '//pages.json',
  '/pages.map',
  '/.vite/manifest.json',
  '/.vite/deps/chunk',
];
