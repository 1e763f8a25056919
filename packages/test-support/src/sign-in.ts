import { Browser, type BrowserResponse } from './browser.js';

export interface SignIn {
  readonly browser: Browser;
  /** The gateway's getAuthUrl answer (the IdP's address, as a JSON string). */
  readonly start: BrowserResponse;
  /** Every hop from the IdP's address up to the gateway's callback answer (not followed further). */
  readonly hops: BrowserResponse[];
  /** The gateway's callback answer (a redirect to where the operator lands). */
  readonly callback: BrowserResponse;
  /** Where the gateway sent the browser at the end (path + query). */
  readonly landedOn: string;
}

/**
 * Signs in through the real identity provider as an operator does: getAuthUrl, the IdP's
 * redirects to its sign-in page (e-mail pre-filled), its Continue form, and back to the
 * gateway's callback. `baseUrl`: the gateway, or the public origin in front of it.
 */
export async function signIn(
  baseUrl: string,
  email = 'operator@example.com',
  options: { browser?: Browser; currentUrl?: string } = {},
): Promise<SignIn> {
  const browser = options.browser ?? new Browser(baseUrl);
  const start = await browser.post(`${baseUrl}/api/sso/getAuthUrl`, {
    currentUrl: options.currentUrl ?? `${baseUrl}/`,
    email,
  });
  if (start.status !== 200 || typeof start.json !== 'string') {
    throw new Error(`getAuthUrl answered ${start.status}: ${start.text}`);
  }
  const hops = await completeAtIdp(browser, start.json);
  const callback = hops.find(isCallback)!;
  const landedOn = callback.headers.get('location') ?? callback.url;
  return { browser, start, hops, callback, landedOn };
}

/** From the IdP's authorization address to the gateway's callback answer (not followed further). */
export async function completeAtIdp(browser: Browser, authUrl: string): Promise<BrowserResponse[]> {
  const hops: BrowserResponse[] = [];
  let current = await followUntilPageOrCallback(browser, authUrl, hops);
  for (let i = 0; i < 4 && current.status === 200 && /<form/i.test(current.text); i++) {
    const submitted = await browser.submitForm(current);
    const stop = submitted.findIndex(isCallback);
    if (stop !== -1) {
      hops.push(...submitted.slice(0, stop + 1));
      return hops;
    }
    hops.push(...submitted);
    current = submitted[submitted.length - 1]!;
  }
  if (!hops.some(isCallback)) {
    throw new Error(
      `sign-in never reached the callback: ${hops.map((h) => `${h.status} ${h.url}`).join(' → ')}`,
    );
  }
  return hops;
}

function isCallback(res: BrowserResponse): boolean {
  return new URL(res.url).pathname === '/api/sso/callback';
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
    if (isCallback(res)) return res;
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) next = new URL(location, next).href;
    else return res;
  }
  throw new Error('Too many redirects at the identity provider');
}
