import { spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * A throwaway self-signed certificate for localhost and 127.0.0.1 (P-256, one day), made in `dir`
 * at test time with Debian's openssl: no key is ever committed.
 */
export function selfSignedCertificate(
  dir: string,
  openssl = 'openssl',
): { cert: string; key: string } {
  const cert = path.join(dir, 'fullchain.pem');
  const key = path.join(dir, 'privkey.pem');
  const made = spawnSync(
    openssl,
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { encoding: 'utf8', timeout: 30_000 },
  );
  if (made.status !== 0) throw new Error(`openssl req failed: ${made.stderr || made.error}`);
  return { cert, key };
}
