import fs from 'node:fs';

/** Removes the run's throw-away data folders. */
export default function globalTeardown(): void {
  const dir = process.env.E2E_DATA_DIR;
  if (dir && dir.includes('onboarding-e2e-')) fs.rmSync(dir, { recursive: true, force: true });
}
