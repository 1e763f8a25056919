import { describe, expect, it } from '@jest/globals';
import { PRODUCTION_ENV } from '../../test/support/gateway.js';
import { readEnv, serviceUrlOf } from './env.schema.js';

/** Production with every setting safe; each case below changes the service URLs only. */
const PRODUCTION: Record<string, string | undefined> = PRODUCTION_ENV;
const when = 'when NODE_ENV=production';

/** The one line readEnv stops the start with, or undefined if it accepts the environment. */
function refusal(env: Record<string, string | undefined>): string | undefined {
  try {
    readEnv(env);
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
}

describe('the service URLs in production (CUSTOMER_SETUP_API_URL, LLM_API_URL, DASHBOARD_BASE_URL)', () => {
  const SERVICES: [name: Parameters<typeof serviceUrlOf>[1], what: string, httpUrl: string][] = [
    ['CUSTOMER_SETUP_API_URL', 'the customer-setup API', 'http://customer-setup.internal:8080'],
    ['LLM_API_URL', 'the LLM API', 'http://llm.internal:8080'],
    ['DASHBOARD_BASE_URL', 'the client dashboards', 'http://dashboards.internal'],
  ];

  it('accepts https for each', () => {
    expect(refusal(PRODUCTION)).toBeUndefined();
    const env = readEnv(PRODUCTION);
    expect(serviceUrlOf(env, 'CUSTOMER_SETUP_API_URL')).toBe('https://customer-setup.example.com');
    expect(serviceUrlOf(env, 'LLM_API_URL')).toBe('https://llm.example.com');
    expect(serviceUrlOf(env, 'DASHBOARD_BASE_URL')).toBe('https://dashboards.example.com');
  });

  it.each(SERVICES)('refuses %s unset, naming it', (name, what) => {
    expect(refusal({ ...PRODUCTION, [name]: undefined })).toBe(
      `Invalid configuration: ${name} is required ${when}: set the https URL of ${what}`,
    );
  });

  it.each(SERVICES)('refuses %s over plain http, naming it and the opt-in', (name, what, url) => {
    expect(refusal({ ...PRODUCTION, [name]: url })).toBe(
      `Invalid configuration: ${name} must be https ${when}: set the https URL of ${what}, or, ` +
        `for plain http on an internal network, add ${name} to ALLOW_HTTP_UPSTREAMS (got "${url}")`,
    );
  });

  it.each(SERVICES)(
    'accepts %s over plain http once ALLOW_HTTP_UPSTREAMS names it',
    (name, _, url) => {
      const env = readEnv({ ...PRODUCTION, [name]: url, ALLOW_HTTP_UPSTREAMS: name });
      expect(serviceUrlOf(env, name)).toBe(url);
    },
  );

  it.each(SERVICES)(
    'still refuses %s over plain http when ALLOW_HTTP_UPSTREAMS names only the others',
    (name, _, url) => {
      const others = SERVICES.map(([n]) => n).filter((n) => n !== name);
      expect(
        refusal({ ...PRODUCTION, [name]: url, ALLOW_HTTP_UPSTREAMS: others.join(',') }),
      ).toMatch(new RegExp(`^Invalid configuration: ${name} must be https ${when}: `));
    },
  );

  it('takes several names, spaces around them and an empty item allowed', () => {
    const env = readEnv({
      ...PRODUCTION,
      CUSTOMER_SETUP_API_URL: 'http://customer-setup.internal',
      LLM_API_URL: 'http://llm.internal',
      ALLOW_HTTP_UPSTREAMS: ' CUSTOMER_SETUP_API_URL , LLM_API_URL,',
    });
    expect(env.ALLOW_HTTP_UPSTREAMS).toEqual(['CUSTOMER_SETUP_API_URL', 'LLM_API_URL']);
  });

  it('still refuses an unset URL that ALLOW_HTTP_UPSTREAMS names', () => {
    expect(
      refusal({ ...PRODUCTION, LLM_API_URL: undefined, ALLOW_HTTP_UPSTREAMS: 'LLM_API_URL' }),
    ).toBe(
      `Invalid configuration: LLM_API_URL is required ${when}: set the https URL of the LLM API`,
    );
  });

  it.each([
    ['OIDC_ISSUER', 'never allowed http'],
    ['PUBLIC_URL', 'never allowed http'],
    ['LLM_API_UR', 'a typo'],
    ['llm_api_url', 'not the name as written'],
  ])('refuses an ALLOW_HTTP_UPSTREAMS naming %s (%s), naming it', (unknown) => {
    const line =
      `Invalid configuration: ALLOW_HTTP_UPSTREAMS cannot allow http for "${unknown}": name only ` +
      'CUSTOMER_SETUP_API_URL, LLM_API_URL or DASHBOARD_BASE_URL';
    const list = `CUSTOMER_SETUP_API_URL,${unknown}`;
    expect(refusal({ ...PRODUCTION, ALLOW_HTTP_UPSTREAMS: list })).toBe(`${line} (got "${list}")`);
    // Outside production too: a name it does not know is a mistake on any machine.
    expect(refusal({ ALLOW_HTTP_UPSTREAMS: list })).toBe(`${line} (got "${list}")`);
  });

  it('come after the earlier production rules: a wrong PUBLIC_URL is named first', () => {
    expect(
      refusal({ ...PRODUCTION, PUBLIC_URL: 'http://console.example.com', LLM_API_URL: undefined }),
    ).toMatch(/^Invalid configuration: PUBLIC_URL must be https /);
  });
});

describe('the service URLs on one machine (NODE_ENV development or test)', () => {
  it.each(['development', 'test', undefined])(
    'default to the sandbox and take plain http, NODE_ENV=%s',
    (nodeEnv) => {
      const env = readEnv({ NODE_ENV: nodeEnv });
      expect(serviceUrlOf(env, 'CUSTOMER_SETUP_API_URL')).toBe(
        'http://localhost:4010/customer-setup',
      );
      expect(serviceUrlOf(env, 'LLM_API_URL')).toBe('http://localhost:4010/llm');
      expect(serviceUrlOf(env, 'DASHBOARD_BASE_URL')).toBe('http://localhost:4010/dashboard');
      expect(refusal({ NODE_ENV: nodeEnv, LLM_API_URL: 'http://llm.internal' })).toBeUndefined();
    },
  );
});

describe('the fleet snapshot settings (FLEET_REFRESH_SECONDS, FLEET_UPSTREAM_CONCURRENCY)', () => {
  it('default to a refresh a minute and four upstream calls at a time', () => {
    const env = readEnv({});
    expect([env.FLEET_REFRESH_SECONDS, env.FLEET_UPSTREAM_CONCURRENCY]).toEqual([60, 4]);
    expect(readEnv({ FLEET_REFRESH_SECONDS: 'off' }).FLEET_REFRESH_SECONDS).toBe('off');
  });

  it.each([
    ['FLEET_REFRESH_SECONDS', '0', 'must be a number of seconds from 1 to 86400, or off'],
    ['FLEET_REFRESH_SECONDS', '1.5', 'must be a number of seconds from 1 to 86400, or off'],
    ['FLEET_REFRESH_SECONDS', 'hourly', 'must be a number of seconds from 1 to 86400, or off'],
    ['FLEET_UPSTREAM_CONCURRENCY', '0', 'must be a number of calls from 1 to 64'],
    ['FLEET_UPSTREAM_CONCURRENCY', '65', 'must be a number of calls from 1 to 64'],
  ])('refuses %s=%s, naming it', (name, value, message) => {
    expect(refusal({ [name]: value })).toBe(
      `Invalid configuration: ${name} ${message} (got "${value}")`,
    );
  });
});
