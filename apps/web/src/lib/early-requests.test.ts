// The api client's takeover of an early answer is tested in api-client.test.ts; here, what the
// early request sends and how long its answer is kept.
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { remOmniOps, sessionOps } from '@onboarding/contracts';
import { FakeGateway, NETWORK_ERROR } from '@test/fake-gateway';
import { screenTestHooks } from '@test/screen-hooks';
import {
  bodyText,
  clearEarlyRequests,
  EARLY_REQUEST_TTL_MS,
  gatewayHeaders,
  sendEarly,
  takeEarly,
} from './early-requests';

screenTestHooks();

const LIST = remOmniOps.allSetup;
const PAGE = { searchText: 'acme', limit: 20, offset: 0 };
const PAGE_TEXT = '{"searchText":"acme","limit":20,"offset":0}';
const CONFIG = sessionOps.config;

let now: jest.SpiedFunction<typeof performance.now>;
beforeEach(() => {
  now = jest.spyOn(performance, 'now').mockReturnValue(1_000);
});
afterEach(() => now.mockRestore());

function gateway() {
  return new FakeGateway()
    .on(LIST, [])
    .on(CONFIG, { user: { email: 'operator@example.com' }, dashboardBaseUrl: 'http://d.test' })
    .install();
}

describe('the headers of every gateway call', () => {
  it('asks for JSON and proves the call comes from the app on a read', () => {
    expect(gatewayHeaders('GET')).toStrictEqual({
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
    });
  });

  it.each(['POST', 'PUT', 'DELETE'])('also names the body JSON on a %s', (method) => {
    expect(gatewayHeaders(method)).toStrictEqual({
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      'Content-Type': 'application/json',
    });
  });
});

describe('the body text of a call', () => {
  it('is none on a read, whatever is given', () => {
    expect(bodyText('GET', { setupId: 1 })).toBeUndefined();
  });

  it('is the JSON of the body on a write, and {} when there is none', () => {
    expect(bodyText('POST', PAGE)).toBe(PAGE_TEXT);
    expect(bodyText('POST', undefined)).toBe('{}');
    expect(bodyText('DELETE', null)).toBe('{}');
  });
});

describe('a request a route loader sends early', () => {
  it('is kept for ten seconds', () => {
    expect(EARLY_REQUEST_TTL_MS).toBe(10_000);
  });

  it('sends a write as the api client would: body as JSON, CSRF header', async () => {
    const g = gateway();
    const fetchCalls = jest.spyOn(globalThis, 'fetch');
    try {
      const res = await sendEarly(LIST, PAGE);
      expect(res.status).toBe(200);
      expect(fetchCalls.mock.calls[0]?.[1]).toMatchObject({
        method: 'POST',
        credentials: 'same-origin',
        body: PAGE_TEXT,
      });
    } finally {
      fetchCalls.mockRestore();
    }
    expect(g.requests.map((r) => [r.op, r.body])).toEqual([[LIST.id, PAGE]]);
    expect(g.requests[0]?.headers).toMatchObject({
      'x-requested-with': 'XMLHttpRequest',
      'content-type': 'application/json',
      accept: 'application/json',
    });
  });

  it('sends a read without a body', async () => {
    const g = gateway();
    const fetchCalls = jest.spyOn(globalThis, 'fetch');
    try {
      await sendEarly(CONFIG);
      expect(fetchCalls.mock.calls[0]?.[1]).not.toHaveProperty('body');
    } finally {
      fetchCalls.mockRestore();
    }
    expect(g.requests.map((r) => [r.method, r.path, r.body])).toEqual([
      ['GET', '/api/config', undefined],
    ]);
  });

  it('sends a write with no body as {}', async () => {
    const g = gateway().on(remOmniOps.getRetailers, { data: [] });
    await sendEarly(remOmniOps.getRetailers);
    expect(g.bodiesOf(remOmniOps.getRetailers)).toEqual([{}]);
  });

  it('answers a second identical request with the first one’s answer while it is fresh', () => {
    const g = gateway();
    const first = sendEarly(LIST, PAGE);
    now.mockReturnValue(1_000 + EARLY_REQUEST_TTL_MS - 1);
    expect(sendEarly(LIST, { ...PAGE })).toBe(first);
    expect(g.requests).toHaveLength(1);
  });

  it('sends the same request again once the first is ten seconds old', () => {
    const g = gateway();
    const first = sendEarly(LIST, PAGE);
    now.mockReturnValue(1_000 + EARLY_REQUEST_TTL_MS);
    expect(sendEarly(LIST, PAGE)).not.toBe(first);
    expect(g.requests).toHaveLength(2);
  });

  it('sends a request for another body, or at another address, of its own', () => {
    const g = gateway();
    void sendEarly(LIST, PAGE);
    void sendEarly(LIST, { ...PAGE, offset: 20 });
    void sendEarly(CONFIG);
    expect(g.requests.map((r) => r.op)).toEqual([LIST.id, LIST.id, CONFIG.id]);
  });

  it('leaves a failed answer that nobody takes over unreported', async () => {
    gateway().on(LIST, NETWORK_ERROR);
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    try {
      void sendEarly(LIST, PAGE);
      await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      process.off('unhandledRejection', unhandled);
    }
    expect(unhandled).not.toHaveBeenCalled();
  });
});

describe('taking an early answer over', () => {
  it('hands the answer of exactly this method, address and body, once', () => {
    gateway();
    const sent = sendEarly(LIST, PAGE);
    expect(takeEarly('POST', LIST.path, PAGE_TEXT)).toBe(sent);
    expect(takeEarly('POST', LIST.path, PAGE_TEXT)).toBeUndefined();
  });

  it('hands nothing for another body, address or method', () => {
    gateway();
    void sendEarly(LIST, PAGE);
    expect(takeEarly('POST', LIST.path, '{}')).toBeUndefined();
    expect(takeEarly('POST', `${LIST.path}?x=1`, PAGE_TEXT)).toBeUndefined();
    expect(takeEarly('PUT', LIST.path, PAGE_TEXT)).toBeUndefined();
    expect(takeEarly('POST', LIST.path, PAGE_TEXT)).toBeDefined();
  });

  it('hands a read’s answer to the read without a body', () => {
    gateway();
    const sent = sendEarly(CONFIG);
    expect(takeEarly('GET', '/api/config', undefined)).toBe(sent);
  });

  it('hands an answer up to ten seconds after it was sent, and none later', () => {
    gateway();
    const sent = sendEarly(LIST, PAGE);
    now.mockReturnValue(1_000 + EARLY_REQUEST_TTL_MS - 1);
    expect(takeEarly('POST', LIST.path, PAGE_TEXT)).toBe(sent);

    void sendEarly(LIST, PAGE);
    now.mockReturnValue(1_000 + 2 * EARLY_REQUEST_TTL_MS - 1);
    expect(takeEarly('POST', LIST.path, PAGE_TEXT)).toBeUndefined();
  });

  it('hands nothing once the early requests are forgotten, and sends anew', () => {
    const g = gateway();
    void sendEarly(LIST, PAGE);
    clearEarlyRequests();
    expect(takeEarly('POST', LIST.path, PAGE_TEXT)).toBeUndefined();
    void sendEarly(LIST, PAGE);
    expect(g.requests).toHaveLength(2);
  });
});
