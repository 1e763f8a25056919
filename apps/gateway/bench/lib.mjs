import http from 'node:http';

/** Minimal browser for the benchmark's sign-in: a cookie jar per host, manual redirects, forms. */
class Jar {
  cookies = new Map();

  header(url) {
    const jar = this.cookies.get(url.hostname);
    return jar && jar.size ? [...jar].map(([k, v]) => `${k}=${v}`).join('; ') : undefined;
  }

  store(url, headers) {
    let jar = this.cookies.get(url.hostname);
    if (!jar) this.cookies.set(url.hostname, (jar = new Map()));
    for (const raw of headers.getSetCookie()) {
      const [pair, ...attrs] = raw.split(';');
      const eq = pair.indexOf('=');
      const expired = attrs.some(
        (a) => /^\s*max-age=0/i.test(a) || /expires=thu, 01 jan 1970/i.test(a),
      );
      if (expired) jar.delete(pair.slice(0, eq).trim());
      else jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1));
    }
  }

  async fetch(url, init = {}) {
    const target = new URL(url);
    const headers = { ...(init.headers ?? {}) };
    const cookie = this.header(target);
    if (cookie) headers.cookie = cookie;
    const res = await fetch(target, { ...init, headers, redirect: 'manual' });
    this.store(target, res.headers);
    return { res, text: await res.text(), url: target.href };
  }
}

/** Signs in through the sandbox IdP as an operator would; returns the gateway cookie header. */
export async function signIn(gatewayUrl, email) {
  const jar = new Jar();
  const origin = new URL(gatewayUrl).origin;
  const start = await jar.fetch(`${gatewayUrl}/api/sso/getAuthUrl`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify({ currentUrl: '/', email }),
  });
  if (start.res.status !== 200) throw new Error(`getAuthUrl ${start.res.status}: ${start.text}`);
  let next = JSON.parse(start.text);
  let method = 'GET';
  let body;
  for (let hop = 0; hop < 20 && next; hop++) {
    const { res, text, url } = await jar.fetch(next, {
      method,
      body,
      headers: body ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
    });
    method = 'GET';
    body = undefined;
    const location = res.headers.get('location');
    if (url.startsWith(`${gatewayUrl}/api/sso/callback`)) {
      if (!location || location.startsWith('/login'))
        throw new Error(`sign-in failed: ${location}`);
      return jar.header(new URL(gatewayUrl));
    }
    if (res.status >= 300 && res.status < 400 && location) {
      next = new URL(location, url).href;
      continue;
    }
    const form = /<form[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/i.exec(text);
    if (!form) throw new Error(`no form at ${url}`);
    const fields = new URLSearchParams();
    for (const input of form[2].matchAll(/<input[^>]*>/gi)) {
      const name = /name="([^"]*)"/i.exec(input[0])?.[1];
      if (name)
        fields.set(name, (/value="([^"]*)"/i.exec(input[0])?.[1] ?? '').replace(/&amp;/g, '&'));
    }
    next = new URL(form[1].replace(/&amp;/g, '&'), url).href;
    method = 'POST';
    body = fields.toString();
  }
  throw new Error('sign-in did not reach the callback');
}

/** One keep-alive HTTP target: a URL, method, headers and body sent by every request. */
export function target(url, { headers = {}, body, connections = 1 } = {}) {
  const u = new URL(url);
  const agent = new http.Agent({
    keepAlive: true,
    maxSockets: connections,
    maxFreeSockets: connections,
  });
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  const allHeaders = {
    ...headers,
    ...(payload
      ? { 'content-type': 'application/json', 'content-length': String(payload.length) }
      : {}),
  };
  return {
    agent,
    /** Resolves with [status, milliseconds]; never rejects (an error is status 0). */
    send() {
      return new Promise((resolve) => {
        const started = process.hrtime.bigint();
        const req = http.request(
          {
            host: u.hostname,
            port: u.port,
            path: u.pathname + u.search,
            method: payload ? 'POST' : 'GET',
            headers: allHeaders,
            agent,
          },
          (res) => {
            res.on('data', () => {});
            res.on('end', () =>
              resolve([res.statusCode, Number(process.hrtime.bigint() - started) / 1e6]),
            );
            res.on('error', () => resolve([0, 0]));
          },
        );
        req.on('error', () => resolve([0, 0]));
        if (payload) req.end(payload);
        else req.end();
      });
    },
    close() {
      agent.destroy();
    },
  };
}

/** N concurrent loops against a target, for a count of requests or a duration. */
export async function load(t, { concurrency, count, durationMs, latencies }) {
  let sent = 0;
  let ok = 0;
  let errors = 0;
  const deadline = durationMs ? Date.now() + durationMs : Infinity;
  const started = process.hrtime.bigint();
  async function loop() {
    while ((count === undefined || sent < count) && Date.now() < deadline) {
      sent += 1;
      const [status, ms] = await t.send();
      if (status === 200) {
        ok += 1;
        latencies?.push(ms);
      } else errors += 1;
    }
  }
  await Promise.all(Array.from({ length: concurrency }, loop));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { ok, errors, seconds, rps: ok / seconds };
}

export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export function metric(name, value, goal, pass, unit) {
  const round = (v) => (typeof v === 'number' ? Math.round(v * 1000) / 1000 : v);
  console.log(
    JSON.stringify({ metric: name, value: round(value), ...(unit ? { unit } : {}), goal, pass }),
  );
}
