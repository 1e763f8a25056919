import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { AxiosError, type AxiosResponse } from 'axios';
import { fakeTheClockOnly } from '../../../test/support/clock.js';
import type { ApiException } from '../errors/api-exception.js';
import {
  type Fault,
  interpret,
  requestFailure,
  type UpstreamAnswer,
  upstreamError,
} from './upstream-faults.js';

/** An answer of the upstream as axios hands it over: the body as raw bytes. */
function answer(
  status: number,
  body: unknown,
  headers: Record<string, unknown> = { 'content-type': 'application/json' },
): AxiosResponse<Buffer> {
  const raw = typeof body === 'string' ? body : body === undefined ? '' : JSON.stringify(body);
  return { status, headers, data: Buffer.from(raw) } as unknown as AxiosResponse<Buffer>;
}

/** What the browser receives of a fault: status, code, message and details. */
const sent = (error: ApiException) => ({
  status: error.getStatus(),
  code: error.code,
  message: error.message,
  ...error.details,
});

const faultOf = (result: UpstreamAnswer | Fault): Fault => {
  if (!('kind' in result)) throw new Error(`an answer, not a fault: ${JSON.stringify(result)}`);
  return result;
};
const read = (status: number, body: unknown, headers?: Record<string, unknown>) => {
  const fault = faultOf(interpret('customer-setup', answer(status, body, headers)));
  return { kind: fault.kind, cause: fault.cause, ...sent(fault.error) };
};
/** The message the browser sees for an upstream's 4xx carrying `message`. */
const shown = (message: unknown) => read(409, { message }).message;

describe('an upstream answer', () => {
  it('passes on a 2xx JSON body as it is', () => {
    expect(interpret('llm', answer(200, { rows: [1, 2] }))).toEqual({
      status: 200,
      json: { rows: [1, 2] },
    });
    expect(interpret('llm', answer(201, { id: 'a' }))).toEqual({ status: 201, json: { id: 'a' } });
    expect(interpret('llm', answer(299, null))).toEqual({ status: 299, json: null });
  });

  it('takes any JSON media type, with parameters, in any case', () => {
    for (const type of [
      'application/json',
      'APPLICATION/JSON',
      'application/json;charset=utf-8',
      'application/json ; charset=utf-8',
      'application/problem+json',
      'application/vnd.azure.z9-0+json',
    ])
      expect(interpret('llm', answer(200, { ok: 1 }, { 'content-type': type }))).toEqual({
        status: 200,
        json: { ok: 1 },
      });
  });

  it('is unusable (502 UPSTREAM_BAD_RESPONSE) when it is not JSON, whatever its body', () => {
    const unusable = {
      kind: 'other',
      status: 502,
      code: 'UPSTREAM_BAD_RESPONSE',
      message: 'The service sent an answer the gateway cannot use.',
      upstream: { service: 'customer-setup', status: 200 },
    };
    for (const type of [
      'text/html',
      'text/json',
      'application/jsonp',
      'application/json-seq',
      'x-application/json',
      ' application/json',
      'application/vnd api+json',
    ])
      expect(read(200, { ok: 1 }, { 'content-type': type })).toEqual(unusable);
    expect(read(200, { ok: 1 }, {})).toEqual(unusable);
    expect(read(200, '', undefined)).toEqual(unusable);
    expect(read(200, '{"rows": [', undefined)).toEqual(unusable);
  });

  it('is unusable when it is a redirect or any 3xx, JSON or not', () => {
    for (const status of [300, 302, 304])
      expect(read(status, { to: '/elsewhere' })).toMatchObject({
        status: 502,
        code: 'UPSTREAM_BAD_RESPONSE',
        upstream: { service: 'customer-setup', status },
      });
  });

  it('is 503 UPSTREAM_UNAVAILABLE with the upstream’s Retry-After when it is a 503', () => {
    expect(read(503, { message: 'maintenance' }, { 'retry-after': '120' })).toEqual({
      kind: 'server',
      cause: undefined,
      status: 503,
      code: 'UPSTREAM_UNAVAILABLE',
      message: 'The service is unavailable right now. Try again shortly.',
      upstream: { service: 'customer-setup', status: 503 },
      retryAfter: 120,
    });
    expect(read(503, '')).toMatchObject({ status: 503, retryAfter: 5 });
  });

  it('is 502 UPSTREAM_ERROR, counted against the upstream, for any other 5xx', () => {
    for (const status of [500, 502, 504, 599])
      expect(read(status, { message: 'stack trace here' }, { 'retry-after': '9' })).toEqual({
        kind: 'server',
        cause: undefined,
        status: 502,
        code: 'UPSTREAM_ERROR',
        message: 'The service failed to answer.',
        upstream: { service: 'customer-setup', status },
      });
  });

  it('is 502 UPSTREAM_AUTH, never a 401 that would sign the operator out, when the upstream refuses the gateway', () => {
    for (const status of [401, 403, 407])
      expect(read(status, { message: 'bad token' })).toEqual({
        kind: 'other',
        cause: undefined,
        status: 502,
        code: 'UPSTREAM_AUTH',
        message: "The service refused the gateway's credentials.",
        upstream: { service: 'customer-setup', status },
      });
  });

  it('passes on another 4xx with the upstream’s own message, not counted against it', () => {
    for (const status of [400, 402, 404, 409, 422, 499])
      expect(read(status, { message: 'Setup SHOP-1 already exists' })).toEqual({
        kind: 'other',
        cause: undefined,
        status,
        code: 'UPSTREAM_ERROR',
        message: 'Setup SHOP-1 already exists',
        upstream: { service: 'customer-setup', status },
      });
  });

  it('says the request was refused when a 4xx carries no usable message', () => {
    for (const body of [{}, { message: 42 }, { message: '  <br/>  ' }, ['message'], 'null', '"x"'])
      expect(read(404, body).message).toBe('The service refused the request.');
    // Not JSON: nothing of it can be shown.
    expect(read(404, '<html>Not Found</html>', { 'content-type': 'text/html' })).toMatchObject({
      status: 502,
      code: 'UPSTREAM_BAD_RESPONSE',
      upstream: { service: 'customer-setup', status: 404 },
    });
  });

  it('passes on a 429 with its Retry-After, JSON or not, so the browser waits', () => {
    expect(
      read(
        429,
        { message: 'Slow down' },
        { 'content-type': 'application/json', 'retry-after': '30' },
      ),
    ).toEqual({
      kind: 'other',
      cause: undefined,
      status: 429,
      code: 'UPSTREAM_ERROR',
      message: 'Slow down',
      upstream: { service: 'customer-setup', status: 429 },
      retryAfter: 30,
    });
    expect(read(429, 'busy', { 'content-type': 'text/plain' })).toEqual({
      kind: 'other',
      cause: undefined,
      status: 429,
      code: 'UPSTREAM_ERROR',
      message: 'The service is busy. Try again shortly.',
      upstream: { service: 'customer-setup', status: 429 },
      retryAfter: 5,
    });
    expect(read(429, { message: '' }).message).toBe('The service is busy. Try again shortly.');
  });
});

describe('an upstream’s message shown to the operator', () => {
  it('loses its markup and keeps the text', () => {
    expect(shown('Setup <b>SHOP-1</b> <script>alert(1)</script>exists')).toBe(
      'Setup SHOP-1 alert(1) exists',
    );
    expect(shown('limit < 100')).toBe('limit < 100');
  });

  it('loses control, line-separator and bidi-override characters', () => {
    const unsafe = [
      '\u0000',
      '\u0007',
      '\u001f',
      '\u007f',
      '\u0085',
      '\u009f',
      '\u2028',
      '\u2029',
      '\u202a',
      '\u202e',
      '\u2066',
      '\u2069',
    ];
    for (const c of unsafe) expect(shown(`a${c}b`)).toBe('a b');
    // Their neighbours are ordinary text.
    for (const c of ['\u00a9', '\u2027', '\u2030', '\u2065', '\u206a', 'é'])
      expect(shown(`a${c}b`)).toBe(`a${c}b`);
  });

  it('has its whitespace collapsed and trimmed', () => {
    expect(shown('  Setup \n\t exists\r\n ')).toBe('Setup exists');
  });

  it('is cut to 300 characters, the last an ellipsis', () => {
    const exactly = 'x'.repeat(300);
    expect(shown(exactly)).toBe(exactly);
    const longer = 'y'.repeat(299) + 'zz';
    const cut = shown(longer);
    expect(cut).toHaveLength(300);
    expect(cut).toBe('y'.repeat(299) + '…');
  });
});

describe('an upstream’s Retry-After, in seconds', () => {
  afterEach(() => {
    jest.useRealTimers();
  });
  const retryAfter = (value: unknown) =>
    read(503, '', { 'retry-after': value }).retryAfter as number;

  it('is taken as it is when it is a number of seconds, at most an hour', () => {
    expect(retryAfter('7')).toBe(7);
    expect(retryAfter('0')).toBe(0);
    expect(retryAfter(' 30 ')).toBe(30);
    expect(retryAfter('3600')).toBe(3600);
    expect(retryAfter('7200')).toBe(3600);
    expect(retryAfter('123456')).toBe(3600);
  });

  it('is counted from now when it is an HTTP date, between 1 s and an hour', () => {
    fakeTheClockOnly();
    jest.setSystemTime(new Date('2026-03-02T10:00:00.500Z'));
    expect(retryAfter('Mon, 02 Mar 2026 10:00:30 GMT')).toBe(30);
    expect(retryAfter('Mon, 02 Mar 2026 09:00:00 GMT')).toBe(1);
    expect(retryAfter('Mon, 02 Mar 2026 10:00:00 GMT')).toBe(1);
    expect(retryAfter('Tue, 03 Mar 2026 10:00:00 GMT')).toBe(3600);
  });

  it('is 5 s when it is missing or neither', () => {
    for (const value of [undefined, ['30'], 30, 'soon', 'a30', '30s', '1234567', ''])
      expect(retryAfter(value)).toBe(5);
  });
});

describe('a request to an upstream that got no usable answer', () => {
  const failure = (err: unknown, endedBy?: 'deadline' | 'client') => {
    const fault = requestFailure('llm', err, endedBy);
    return { kind: fault.kind, cause: fault.cause, ...sent(fault.error) };
  };
  const unavailable = {
    kind: 'unavailable',
    status: 502,
    code: 'UPSTREAM_UNAVAILABLE',
    message: 'The service cannot be reached.',
    upstream: { service: 'llm', status: 0 },
  };

  it('is 504 UPSTREAM_TIMEOUT, counted against the upstream, when the deadline ended it', () => {
    expect(failure(new Error('aborted'), 'deadline')).toEqual({
      kind: 'timeout',
      cause: 'deadline',
      status: 504,
      code: 'UPSTREAM_TIMEOUT',
      message: 'The service did not answer in time.',
      upstream: { service: 'llm', status: 0 },
    });
  });

  it('is a 499 not counted against the upstream when the browser went away', () => {
    expect(failure(new AxiosError('canceled', 'ERR_CANCELED'), 'client')).toEqual({
      kind: 'other',
      cause: 'client gone',
      status: 499,
      code: 'UPSTREAM_TIMEOUT',
      message: 'The request was cancelled.',
      upstream: { service: 'llm', status: 0 },
    });
  });

  it('is 502 UPSTREAM_UNAVAILABLE naming the network error when the upstream cannot be reached', () => {
    const codes = [
      'ECONNREFUSED',
      'ECONNRESET',
      'EHOSTUNREACH',
      'ENETUNREACH',
      'ENOTFOUND',
      'EAI_AGAIN',
      'ETIMEDOUT',
      'EPIPE',
      'ECONNABORTED',
      'ERR_SOCKET_CONNECTION_TIMEOUT',
    ];
    for (const code of codes)
      expect(failure(new AxiosError(`connect ${code}`, code))).toEqual({
        ...unavailable,
        cause: code,
      });
  });

  it('is the upstream gone when its answer was cut off midway', () => {
    const cutOff = new AxiosError(
      'aborted',
      AxiosError.ERR_BAD_RESPONSE,
      undefined,
      {},
      answer(200, ''),
    );
    expect(failure(cutOff)).toEqual({ ...unavailable, cause: 'cut off' });
  });

  it('is an unusable answer, not counted against the upstream, when it was over the size cap', () => {
    const tooLarge = new AxiosError('maxContentLength size exceeded', AxiosError.ERR_BAD_RESPONSE);
    expect(failure(tooLarge)).toEqual({
      kind: 'other',
      cause: 'too large',
      status: 502,
      code: 'UPSTREAM_BAD_RESPONSE',
      message: 'The service sent an answer the gateway cannot use.',
      upstream: { service: 'llm', status: 0 },
    });
  });

  it('is an unusable answer naming what failed for anything else', () => {
    const other = (err: unknown) => {
      const { kind, cause, status, code } = failure(err);
      return { kind, cause, status, code };
    };
    const unusable = { kind: 'other', status: 502, code: 'UPSTREAM_BAD_RESPONSE' };
    expect(other(new AxiosError('redirects', 'ERR_FR_TOO_MANY_REDIRECTS'))).toEqual({
      ...unusable,
      cause: 'ERR_FR_TOO_MANY_REDIRECTS',
    });
    expect(other(new TypeError('x is not a function'))).toEqual({
      ...unusable,
      cause: 'TypeError',
    });
    expect(other({ message: 'not an Error' })).toEqual({ ...unusable, cause: 'unknown' });
    expect(other(undefined)).toEqual({ ...unusable, cause: 'unknown' });
  });
});

describe('an upstream error of the fault table', () => {
  it('names the service, with status 0 and no Retry-After unless given', () => {
    expect(sent(upstreamError('circuitOpen', 'llm'))).toEqual({
      status: 503,
      code: 'CIRCUIT_OPEN',
      message: 'The service is failing; calls are paused for a moment.',
      upstream: { service: 'llm', status: 0 },
      retryAfter: undefined,
    });
    expect(sent(upstreamError('circuitOpen', 'llm', 0, 7))).toMatchObject({ retryAfter: 7 });
  });
});
