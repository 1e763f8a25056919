import { expect } from '@jest/globals';
import { Browser, type BrowserResponse } from './browser.js';

export interface SignInResult {
  readonly browser: Browser;
  /** Every hop from the IdP's address to the page the gateway sent the browser to. */
  readonly hops: BrowserResponse[];
  /** Where the gateway sent the browser at the end (path + query). */
  readonly landedOn: string;
}

/**
 * Signs in through the real identity provider as an operator would: getAuthUrl, follow the
 * IdP's redirects to its sign-in page (e-mail pre-filled), press Continue, follow the redirects
 * back through the gateway's callback.
 */
export async function signIn(
  gatewayUrl: string,
  email = 'operator@example.com',
  options: { browser?: Browser; currentUrl?: string } = {},
): Promise<SignInResult> {
  const browser = options.browser ?? new Browser(gatewayUrl);
  const start = await browser.post(`${gatewayUrl}/api/sso/getAuthUrl`, {
    currentUrl: options.currentUrl ?? `${gatewayUrl}/`,
    email,
  });
  if (start.status !== 200 || typeof start.json !== 'string') {
    throw new Error(`getAuthUrl answered ${start.status}: ${start.text}`);
  }
  const hops = await completeAtIdp(browser, start.json);
  const last = hops[hops.length - 1]!;
  const landing = hops.find((h) => h.url.startsWith(`${gatewayUrl}/api/sso/callback`));
  const location = landing?.headers.get('location') ?? last.url;
  return { browser, hops, landedOn: location };
}

/** From the IdP's authorization address to the gateway's callback answer (not followed further). */
export async function completeAtIdp(browser: Browser, authUrl: string): Promise<BrowserResponse[]> {
  const hops: BrowserResponse[] = [];
  let current = await followUntilPageOrCallback(browser, authUrl, hops);
  for (let i = 0; i < 4 && current.status === 200 && /<form/i.test(current.text); i++) {
    const submitted = await browser.submitForm(current);
    const stop = submitted.findIndex((h) => h.url.includes('/api/sso/callback'));
    if (stop !== -1) {
      hops.push(...submitted.slice(0, stop + 1));
      return hops;
    }
    hops.push(...submitted);
    current = submitted[submitted.length - 1]!;
  }
  const callback = hops.find((h) => h.url.includes('/api/sso/callback'));
  expect(callback).toBeDefined();
  return hops;
}

async function followUntilPageOrCallback(
  browser: Browser,
  url: string,
  hops: BrowserResponse[],
): Promise<BrowserResponse> {
  let next: string | undefined = url;
  for (let i = 0; i < 15 && next; i++) {
    const res = await browser.get(next);
    hops.push(res);
    if (res.url.includes('/api/sso/callback')) return res;
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) next = new URL(location, next).href;
    else return res;
  }
  throw new Error('Too many redirects at the identity provider');
}
