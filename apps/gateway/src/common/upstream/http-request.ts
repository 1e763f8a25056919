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

/**
 * One HTTP exchange on a keep-alive agent, with nothing in between: no redirects followed, no
 * proxy from the environment, a byte limit on the answer, cancellation by signal.
 */
export function httpRequest(
  url: URL,
  options: {
    method: string;
    headers: Record<string, string>;
    body?: Buffer;
    agent: http.Agent;
    signal: AbortSignal;
    maxBytes: number;
  },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? https.request : http.request;
    const req = send(url, {
      method: options.method,
      headers: options.body
        ? { ...options.headers, 'Content-Length': String(options.body.length) }
        : options.headers,
      agent: options.agent,
      signal: options.signal,
    });
    req.on('error', reject);
    req.on('response', (res) => {
      const declared = Number(res.headers['content-length']);
      if (declared > options.maxBytes) {
        req.destroy(new ResponseTooLargeError());
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > options.maxBytes) {
          req.destroy(new ResponseTooLargeError());
          return;
        }
        chunks.push(chunk);
      });
      res.on('error', reject);
      res.on('end', () => {
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
