import http from 'node:http';
import https from 'node:https';

export interface RawResponse {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: Buffer;
}

/** The body went past the configured limit: the request was cut off. */
export class ResponseTooLargeError extends Error {
  override readonly name = 'ResponseTooLargeError';
}

/** Where a service's requests go: its base URL, taken apart once. */
export interface RequestTarget {
  readonly https: boolean;
  readonly hostname: string;
  readonly port: number;
  /** The base URL's path without a trailing slash ('' for the root). */
  readonly basePath: string;
}

export function requestTarget(baseUrl: string): RequestTarget {
  const url = new URL(baseUrl);
  const secure = url.protocol === 'https:';
  return {
    https: secure,
    // URL keeps IPv6 literals bracketed; http.request wants them bare.
    hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : secure ? 443 : 80,
    basePath: url.pathname.replace(/\/+$/, ''),
  };
}

/** A request in flight that its caller may end (deadline, browser gone); set while it runs. */
export interface Abortable {
  abort?: (reason: Error) => void;
}

/**
 * One HTTP exchange on a keep-alive agent, with nothing in between: no redirects followed, no
 * proxy from the environment, a byte limit on the answer, cancellation through `abortable`.
 * `path` (already encoded, starting with '/') is appended to the base path as it is.
 */
export function httpRequest(
  target: RequestTarget,
  path: string,
  options: {
    method: string;
    headers: Record<string, string>;
    body?: Buffer;
    agent: http.Agent;
    maxBytes: number;
    abortable?: Abortable;
  },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const send = target.https ? https.request : http.request;
    const req = send({
      hostname: target.hostname,
      port: target.port,
      path: target.basePath + path,
      method: options.method,
      headers: options.body
        ? { ...options.headers, 'Content-Length': String(options.body.length) }
        : options.headers,
      agent: options.agent,
    });
    const fail = (err: Error) => {
      if (options.abortable) options.abortable.abort = undefined;
      reject(err);
    };
    if (options.abortable) {
      options.abortable.abort = (reason: Error) => {
        fail(reason);
        req.destroy(reason);
      };
    }
    req.on('error', fail);
    req.on('response', (res) => {
      const declared = Number(res.headers['content-length']);
      if (declared > options.maxBytes) {
        const err = new ResponseTooLargeError();
        fail(err);
        req.destroy(err);
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > options.maxBytes) {
          const err = new ResponseTooLargeError();
          fail(err);
          req.destroy(err);
          return;
        }
        chunks.push(chunk);
      });
      res.on('error', fail);
      res.on('end', () => {
        if (options.abortable) options.abortable.abort = undefined;
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size),
        });
      });
    });
    req.end(options.body);
  });
}
