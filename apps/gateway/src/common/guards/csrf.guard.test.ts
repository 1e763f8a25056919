import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  Controller,
  Delete,
  Get,
  Head,
  type INestApplication,
  Module,
  Options,
  Patch,
  Post,
  Put,
  UseGuards,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pinoLoggerOf } from '../../../test/support/pino-logger.js';
import { APP_CONFIG } from '../../tokens.js';
import { ApiExceptionFilter } from '../errors/api-exception.filter.js';
import { createLogger } from '../logging/logger.js';
import { CsrfGuard } from './csrf.guard.js';

const ORIGIN = 'https://console.example.com';

@Controller('x')
@UseGuards(CsrfGuard)
class GuardedController {
  @Get() get() {
    return { ok: true };
  }
  @Head() head() {
    return { ok: true };
  }
  @Options() options() {
    return { ok: true };
  }
  @Post() post() {
    return { ok: true };
  }
  @Put() put() {
    return { ok: true };
  }
  @Patch() patch() {
    return { ok: true };
  }
  @Delete() delete() {
    return { ok: true };
  }
}

@Module({
  controllers: [GuardedController],
  providers: [CsrfGuard, { provide: APP_CONFIG, useValue: { publicOrigin: ORIGIN } }],
})
class CsrfTestModule {}

interface Answer {
  status: number;
  code?: string;
  message?: string;
}

/**
 * The headers exactly as given on the wire (no client adds Content-Length or a type of its own):
 * a string body is sent with its Content-Length, a list of parts chunked.
 */
function send(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: string | string[],
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sized = typeof body === 'string' ? { 'content-length': String(body.length) } : {};
    const req = http.request(`${url}/x`, { method, headers: { ...sized, ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => {
        const json = text ? (JSON.parse(text) as { error?: Answer }) : {};
        resolve({
          status: res.statusCode!,
          ...(json.error ? { code: json.error.code, message: json.error.message } : {}),
        });
      });
    });
    req.on('error', reject);
    for (const part of typeof body === 'string' ? [body] : (body ?? [])) req.write(part);
    req.end();
  });
}

const CROSS_SITE = {
  status: 403,
  code: 'CSRF_REJECTED',
  message: 'Cross-site requests are not allowed.',
};
const NO_XHR = {
  status: 403,
  code: 'CSRF_REJECTED',
  message: 'The X-Requested-With header is required.',
};
const NOT_JSON = {
  status: 415,
  code: 'UNSUPPORTED_MEDIA_TYPE',
  message: 'Send the request body as application/json.',
};
const OK = { status: 201 };

describe('the same-origin guard', () => {
  let app: INestApplication;
  let url: string;
  beforeAll(async () => {
    app = await NestFactory.create(CsrfTestModule, {
      bodyParser: false,
      logger: false,
      abortOnError: false,
    });
    app.useGlobalFilters(new ApiExceptionFilter(pinoLoggerOf(createLogger('silent'))));
    await app.listen(0, '127.0.0.1');
    url = `http://127.0.0.1:${((app.getHttpServer() as http.Server).address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app.close();
  });

  const good = { origin: ORIGIN, 'x-requested-with': 'XMLHttpRequest' };
  const json = { ...good, 'content-type': 'application/json' };

  it('lets GET, HEAD and OPTIONS through from anywhere, with no header at all', async () => {
    const evil = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
    for (const method of ['GET', 'HEAD', 'OPTIONS'])
      expect({ method, ...(await send(url, method, evil)) }).toEqual({ method, status: 200 });
  });

  it('refuses a POST, PUT, PATCH or DELETE from another origin with 403 CSRF_REJECTED', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const headers = { ...json, origin: 'https://evil.example' };
      expect({ method, ...(await send(url, method, headers, '{}')) }).toEqual({
        method,
        ...CROSS_SITE,
      });
      const ok = await send(url, method, json, '{}');
      expect({ method, status: ok.status }).toEqual({
        method,
        status: method === 'POST' ? 201 : 200,
      });
    }
  });

  it('takes Sec-Fetch-Site: same-origin as the proof when the browser sends no Origin', async () => {
    const { origin: _origin, ...noOrigin } = json;
    expect(await send(url, 'POST', { ...noOrigin, 'sec-fetch-site': 'same-origin' }, '{}')).toEqual(
      OK,
    );
    expect(await send(url, 'POST', noOrigin, '{}')).toEqual(CROSS_SITE);
    for (const site of ['same-site', 'cross-site', 'none'])
      expect(await send(url, 'POST', { ...noOrigin, 'sec-fetch-site': site }, '{}')).toEqual(
        CROSS_SITE,
      );
  });

  it('needs both to agree: the public origin with a Sec-Fetch-Site other than same-origin is refused', async () => {
    expect(await send(url, 'POST', { ...json, 'sec-fetch-site': 'same-origin' }, '{}')).toEqual(OK);
    for (const site of ['same-site', 'cross-site', 'none'])
      expect(await send(url, 'POST', { ...json, 'sec-fetch-site': site }, '{}')).toEqual(
        CROSS_SITE,
      );
    expect(
      await send(url, 'POST', { ...json, origin: 'null', 'sec-fetch-site': 'same-origin' }, '{}'),
    ).toEqual(CROSS_SITE);
  });

  it('takes the public origin exactly: no other scheme, port or trailing slash', async () => {
    for (const origin of [
      'http://console.example.com',
      'https://console.example.com:8443',
      `${ORIGIN}/`,
      'https://console.example.com.evil.example',
    ])
      expect(await send(url, 'POST', { ...json, origin }, '{}')).toEqual(CROSS_SITE);
  });

  it('refuses a same-origin write without X-Requested-With: XMLHttpRequest, spelled exactly', async () => {
    const { 'x-requested-with': _xhr, ...noXhr } = json;
    expect(await send(url, 'POST', noXhr, '{}')).toEqual(NO_XHR);
    for (const value of ['xmlhttprequest', 'fetch', ''])
      expect(await send(url, 'POST', { ...noXhr, 'x-requested-with': value }, '{}')).toEqual(
        NO_XHR,
      );
  });

  it('checks the origin before X-Requested-With', async () => {
    const { 'x-requested-with': _xhr, ...noXhr } = json;
    expect(await send(url, 'POST', { ...noXhr, origin: 'https://evil.example' }, '{}')).toEqual(
      CROSS_SITE,
    );
  });

  it('refuses a body that is not JSON with 415, however it is sent', async () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/json; charset=latin1',
      'application/jsonx',
      'xapplication/json',
      'application/json; charset=utf-8x',
      'application/json; charset=utf-8; boundary=x',
      'application/json charset=utf-8',
    ]) {
      const headers = { ...good, 'content-type': type };
      expect({ type, ...(await send(url, 'POST', headers, '{}')) }).toEqual({ type, ...NOT_JSON });
    }
    expect(await send(url, 'POST', good, '{}')).toEqual(NOT_JSON);
    // Chunked: no Content-Length, the body is there all the same.
    expect(await send(url, 'POST', good, ['{', '}'])).toEqual(NOT_JSON);
    expect(await send(url, 'PUT', { ...good, 'content-type': 'text/plain' }, ['{}'])).toEqual(
      NOT_JSON,
    );
  });

  it('takes application/json, with or without charset=utf-8, in any letter case and spacing', async () => {
    for (const type of [
      'application/json',
      'Application/JSON',
      'application/json;charset=utf-8',
      'application/json; charset=utf-8',
      'application/json ;  charset=UTF-8',
      'APPLICATION/JSON; CHARSET=UTF-8',
    ]) {
      const headers = { ...good, 'content-type': type };
      expect({ type, ...(await send(url, 'POST', headers, '{}')) }).toEqual({ type, ...OK });
      expect({ type, ...(await send(url, 'POST', headers, ['{', '}'])) }).toEqual({ type, ...OK });
    }
  });

  it('asks no content type of a write without a body', async () => {
    // Content-Length: 0 (a POST without body) and no Content-Length at all (a DELETE).
    expect(await send(url, 'POST', good, '')).toEqual(OK);
    expect(await send(url, 'DELETE', good)).toEqual({ status: 200 });
    expect(await send(url, 'DELETE', { ...good, 'content-type': 'text/plain' })).toEqual({
      status: 200,
    });
  });
});
