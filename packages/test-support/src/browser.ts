/**
 * A small browser over fetch: a cookie jar by host (cookies ignore ports, as in browsers) with
 * path and expiry, manual redirects, and the headers the web app sends on state-changing calls.
 * Enough to walk a real OIDC sign-in.
 */
export interface Cookie {
  name: string;
  value: string;
  path: string;
  host: string;
  expires: number | undefined;
  httpOnly: boolean;
  sameSite: string | undefined;
  secure: boolean;
  /** The Set-Cookie header it came from. */
  raw: string;
}

export interface BrowserResponse {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
  url: string;
}

export interface RequestOptions {
  json?: unknown;
  body?: string;
  headers?: Record<string, string>;
  form?: Record<string, string>;
  /** false: a top-level navigation or form post (no Origin / X-Requested-With of the app's fetch). */
  xhr?: boolean;
}

export class Browser {
  readonly cookies: Cookie[] = [];

  /** `origin`: the page's origin (the Origin header of its state-changing calls; default: the target's). */
  constructor(readonly origin?: string) {}

  private cookieHeader(url: URL): string | undefined {
    const now = Date.now();
    const matching = this.cookies.filter(
      (c) =>
        c.host === url.hostname &&
        (c.expires === undefined || c.expires > now) &&
        (url.pathname === c.path ||
          url.pathname.startsWith(c.path.endsWith('/') ? c.path : c.path + '/')),
    );
    return matching.length ? matching.map((c) => `${c.name}=${c.value}`).join('; ') : undefined;
  }

  private store(url: URL, headers: Headers): void {
    for (const raw of headers.getSetCookie()) {
      const [pair, ...attrs] = raw.split(';').map((s) => s.trim());
      const eq = pair!.indexOf('=');
      const cookie: Cookie = {
        name: pair!.slice(0, eq),
        value: pair!.slice(eq + 1),
        path: '/',
        host: url.hostname,
        expires: undefined,
        httpOnly: false,
        sameSite: undefined,
        secure: false,
        raw,
      };
      for (const attr of attrs) {
        const [k, v] = attr.split('=');
        const key = k!.toLowerCase();
        if (key === 'path' && v) cookie.path = v;
        else if (key === 'max-age') cookie.expires = Date.now() + Number(v) * 1000;
        else if (key === 'expires' && cookie.expires === undefined) cookie.expires = Date.parse(v!);
        else if (key === 'httponly') cookie.httpOnly = true;
        else if (key === 'samesite') cookie.sameSite = v;
        else if (key === 'secure') cookie.secure = true;
      }
      const existing = this.cookies.findIndex(
        (c) => c.name === cookie.name && c.path === cookie.path && c.host === cookie.host,
      );
      if (existing !== -1) this.cookies.splice(existing, 1);
      if (cookie.expires === undefined || cookie.expires > Date.now()) this.cookies.push(cookie);
    }
  }

  cookie(name: string): Cookie | undefined {
    return this.cookies.find((c) => c.name === name);
  }

  /** Puts a cookie back (e.g. a session id after logout, as an attacker who kept it would). */
  setCookie(host: string, name: string, value: string): void {
    const i = this.cookies.findIndex((c) => c.name === name && c.host === host);
    if (i !== -1) this.cookies.splice(i, 1);
    this.cookies.push({
      name,
      value,
      path: '/',
      host,
      expires: undefined,
      httpOnly: true,
      sameSite: 'Lax',
      secure: false,
      raw: `${name}=${value}`,
    });
  }

  /** One request, no redirect following. */
  async request(
    method: string,
    url: string,
    options: RequestOptions = {},
  ): Promise<BrowserResponse> {
    const target = new URL(url);
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    const cookie = this.cookieHeader(target);
    if (cookie) headers.cookie = cookie;
    let body: string | undefined = options.body;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['content-type'] ??= 'application/json';
    }
    if (options.form) {
      body = new URLSearchParams(options.form).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    }
    // What the web app's fetch sends on every state-changing call (a browser computes
    // Sec-Fetch-Site from the page's origin and the target's).
    if (options.xhr !== false && method !== 'GET' && method !== 'HEAD') {
      headers.origin ??= this.origin ?? target.origin;
      headers['x-requested-with'] ??= 'XMLHttpRequest';
      headers['sec-fetch-site'] ??= headers.origin === target.origin ? 'same-origin' : 'cross-site';
    }
    let res: Response;
    try {
      res = await fetch(target, { method, headers, body, redirect: 'manual' });
    } catch (err) {
      // Like a browser, retry a GET once when a kept-alive connection turns out closed.
      if (method !== 'GET') throw err;
      res = await fetch(target, { method, headers, body, redirect: 'manual' });
    }
    this.store(target, res.headers);
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, headers: res.headers, text, json, url: target.href };
  }

  get(url: string, headers?: Record<string, string>): Promise<BrowserResponse> {
    return this.request('GET', url, { headers });
  }

  post(url: string, json?: unknown, headers?: Record<string, string>): Promise<BrowserResponse> {
    return this.request('POST', url, { json: json ?? {}, headers });
  }

  /** Follows redirects like a top-level navigation; returns every hop. */
  async navigate(url: string, maxHops = 15): Promise<BrowserResponse[]> {
    const hops: BrowserResponse[] = [];
    let next: string | undefined = url;
    while (next && hops.length < maxHops) {
      const res = await this.request('GET', next, { xhr: false });
      hops.push(res);
      const location = res.headers.get('location');
      next =
        res.status >= 300 && res.status < 400 && location
          ? new URL(location, next).href
          : undefined;
    }
    return hops;
  }

  /** Submits the first form of an HTML page (hidden inputs included), then follows redirects. */
  async submitForm(
    page: BrowserResponse,
    extra: Record<string, string> = {},
  ): Promise<BrowserResponse[]> {
    const formMatch = /<form[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/i.exec(page.text);
    if (!formMatch) throw new Error(`No form on ${page.url}: ${page.text.slice(0, 300)}`);
    const action = new URL(decodeEntities(formMatch[1]!), page.url).href;
    const fields: Record<string, string> = {};
    for (const input of formMatch[2]!.matchAll(/<input[^>]*>/gi)) {
      const name = /name="([^"]*)"/i.exec(input[0])?.[1];
      const value = /value="([^"]*)"/i.exec(input[0])?.[1] ?? '';
      if (name) fields[name] = decodeEntities(value);
    }
    const res = await this.request('POST', action, { form: { ...fields, ...extra }, xhr: false });
    const hops = [res];
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location)
      hops.push(...(await this.navigate(new URL(location, action).href)));
    return hops;
  }
}

/** HTML attribute entities, `&amp;` last (so that `&amp;lt;` reads `&lt;`, not `<`). */
function decodeEntities(s: string): string {
  return s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&#x2F;/gi, '/')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
