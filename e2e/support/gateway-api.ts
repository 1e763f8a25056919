/** Helpers the setup specs share: unique account names and gateway calls from the page. */
import type { AnyOperation } from '@onboarding/contracts';
import type { Page } from '@playwright/test';

/** A letters-only suffix (account names allow letters, spaces and hyphens only). */
export function letters(length = 7): string {
  let n = Date.now() + Math.floor(Math.random() * 1e6);
  let out = '';
  for (let i = 0; i < length; i += 1) {
    out += String.fromCharCode(97 + (n % 26));
    n = Math.floor(n / 26);
  }
  return out;
}

/** Calls a gateway operation from the signed-in page (same origin, session cookie). */
export async function api<T>(page: Page, op: AnyOperation, body: unknown, query = ''): Promise<T> {
  return page.evaluate(
    async ([path, payload]) => {
      const res = await fetch(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
        body: JSON.stringify(payload),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`${path} answered ${res.status}: ${text}`);
      return JSON.parse(text) as T;
    },
    [op.path + query, body] as const,
  );
}
