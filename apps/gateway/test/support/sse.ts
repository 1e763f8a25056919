import http from 'node:http';
import type { Browser } from '@onboarding/test-support';
import { waitFor } from '@onboarding/test-support';

/** One message of a text/event-stream, as an EventSource would dispatch it. */
export interface SseMessage {
  readonly event: string;
  readonly id: string | undefined;
  readonly retry: number | undefined;
  readonly data: unknown;
  /** When it arrived (ms since the epoch). */
  readonly receivedAt: number;
}

export interface OpenStream {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly messages: SseMessage[];
  readonly comments: string[];
  /** Everything received, as it came over the wire (a refusal's whole JSON body). */
  readonly raw: () => string;
  /** Resolves once the server has ended the stream. */
  readonly ended: Promise<void>;
  isEnded(): boolean;
  /** The first message that matches, waiting for it. */
  next(match: (m: SseMessage) => boolean, timeoutMs?: number): Promise<SseMessage>;
  close(): void;
}

/**
 * A GET of an event stream with the browser's cookies, read as it arrives (fetch would wait for
 * the end): its messages parsed by the EventSource rules the watch uses (event, id, retry, data
 * as JSON, comments).
 */
export function openStream(
  browser: Browser | null,
  url: string,
  headers: Record<string, string> = {},
): Promise<OpenStream> {
  const target = new URL(url);
  const cookie = browser?.cookies
    .filter((c) => c.host === target.hostname)
    .map((c) => `${c.name}=${c.value}`)
    .join('; ');
  return new Promise((resolve, reject) => {
    const req = http.get(
      target,
      { headers: { ...(cookie ? { cookie } : {}), ...headers } },
      (res) => {
        const messages: SseMessage[] = [];
        const comments: string[] = [];
        let text = '';
        let pending = '';
        let done = false;
        const ended = new Promise<void>((end) =>
          res.once('close', () => {
            done = true;
            end();
          }),
        );
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
          pending += chunk;
          let cut: number;
          while ((cut = pending.indexOf('\n\n')) !== -1) {
            const block = pending.slice(0, cut);
            pending = pending.slice(cut + 2);
            let event = 'message';
            let id: string | undefined;
            let retry: number | undefined;
            const data: string[] = [];
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) comments.push(line.slice(1).trim());
              else if (line.startsWith('event: ')) event = line.slice(7);
              else if (line.startsWith('id: ')) id = line.slice(4);
              else if (line.startsWith('retry: ')) retry = Number(line.slice(7));
              else if (line.startsWith('data: ')) data.push(line.slice(6));
            }
            if (data.length)
              messages.push({
                event,
                id,
                retry,
                data: JSON.parse(data.join('\n')) as unknown,
                receivedAt: Date.now(),
              });
          }
        });
        const stream: OpenStream = {
          status: res.statusCode!,
          headers: res.headers,
          messages,
          comments,
          raw: () => text,
          ended,
          isEnded: () => done,
          next: (match, timeoutMs = 20_000) =>
            waitFor<SseMessage>(() => messages.find(match), { timeoutMs }),
          close: () => req.destroy(),
        };
        // A refusal is a JSON answer that ends: given whole.
        if (res.statusCode === 200) resolve(stream);
        else void ended.then(() => resolve(stream));
      },
    );
    req.once('error', reject);
  });
}
