import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { loadConfig } from '../src/config/app-config.js';
import { createOpenApiDocument } from '../src/openapi-document.js';
import { spawnGateway, startGateway, tempDir } from './support/gateway.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const WRITER = path.resolve(here, '../dist/write-openapi.js');
const SNAPSHOT = path.resolve(here, '../../../docs/openapi.json');

const readJson = (file: string): unknown => JSON.parse(fs.readFileSync(file, 'utf8'));
/** As a client receives it: through JSON, so undefined members are gone. */
const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

/** The JSON pointers where two documents differ (a short list says more than a 10,000-line diff). */
function differences(a: unknown, b: unknown, at = ''): string[] {
  if (isDeepStrictEqual(a, b)) return [];
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const [x, y] = [a as Record<string, unknown>, b as Record<string, unknown>];
    return [...new Set([...Object.keys(x), ...Object.keys(y)])].flatMap((key) =>
      differences(x[key], y[key], `${at}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`),
    );
  }
  return [at || '/'];
}

describe('the OpenAPI document as a build artifact', () => {
  it('the file the build writes is the document a started gateway serves at /api/docs-json', async () => {
    if (!fs.existsSync(WRITER)) throw new Error(`Build the gateway first (${WRITER} missing)`);
    const file = path.join(tempDir('openapi-'), 'openapi.json');
    // What `npm run build` runs, with no server, network or configuration.
    const written = spawnSync(process.execPath, [WRITER, file], { encoding: 'utf8', env: {} });
    expect(written.stderr).toBe('');
    expect(written.status).toBe(0);
    const gw = await spawnGateway({ API_DOCS: 'open' });
    try {
      const served = await fetch(`${gw.url}/api/docs-json`).then((res) => res.json());
      expect(differences(readJson(file), served)).toEqual([]);
    } finally {
      gw.kill();
      await gw.exited;
    }
  });

  it('is the same whatever the configuration: a gateway on an https origin serves it too', async () => {
    // The committed copy is compared across versions: the deployment must not show in it.
    const gw = await startGateway({
      API_DOCS: 'open',
      PUBLIC_URL: 'https://console.example.com',
      SESSION_SECRET: 'a-session-secret-of-at-least-32-characters',
    });
    try {
      const served = await fetch(`${gw.url}/api/docs-json`).then((res) => res.json());
      expect(differences(asJson(await createOpenApiDocument()), served)).toEqual([]);
    } finally {
      await gw.close();
    }
  });

  it('docs/openapi.json is the gateway document (to update it: npm run openapi -w @onboarding/gateway)', async () => {
    // The reviewed contract: a change to the API shows in a diff of this file (CONTRIBUTING.md).
    const generated = asJson(await createOpenApiDocument());
    expect(differences(generated, readJson(SNAPSHOT)).slice(0, 20)).toEqual([]);
  });

  it('names the session cookie a production gateway sets, and the local one in its description', async () => {
    const document = await createOpenApiDocument();
    const scheme = document.components!.securitySchemes!.cookie as {
      name: string;
      description: string;
    };
    const cookieOf = (PUBLIC_URL: string) =>
      loadConfig({ PUBLIC_URL, DATA_DIR: tempDir() }).session.cookieName;
    expect(scheme.name).toBe(cookieOf('https://console.example.com'));
    expect(scheme.description).toContain(`\`${cookieOf('http://localhost:8080')}\``);
  });
});
