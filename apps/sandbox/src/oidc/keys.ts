import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { JsonWebKey } from 'node:crypto';
import type { SandboxDatabase } from '../db/database.js';

function remembered<T>(db: SandboxDatabase, key: string, create: () => T): T {
  const row = db
    .prepare<[string], { value: string }>('SELECT value FROM meta WHERE key = ?')
    .get(key);
  if (row) return JSON.parse(row.value) as T;
  const value = create();
  db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run(key, JSON.stringify(value));
  return value;
}

/**
 * The identity provider's signing key (RS256) and cookie keys, generated once per database so
 * ID tokens and sessions stay valid across restarts.
 */
export function identityProviderKeys(db: SandboxDatabase): {
  jwks: { keys: JsonWebKey[] };
  cookieKeys: string[];
} {
  const jwk = remembered(db, 'oidc_signing_key', () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    return {
      ...privateKey.export({ format: 'jwk' }),
      kid: `sandbox-${randomBytes(6).toString('hex')}`,
      alg: 'RS256',
      use: 'sig',
    };
  });
  const cookieKeys = remembered(db, 'oidc_cookie_keys', () => [
    randomBytes(32).toString('base64url'),
  ]);
  return { jwks: { keys: [jwk] }, cookieKeys };
}
