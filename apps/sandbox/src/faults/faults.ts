import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { z } from 'zod';

/**
 * Fault switches for the gateway's tests: each makes matching requests misbehave the way a
 * broken upstream does, for a number of requests or until cleared.
 */
export const FAULT_KINDS = [
  'latency',
  'status',
  'malformed',
  'wrong-shape',
  'redirect',
  'oversized',
  'drop',
] as const;

export const FaultSpecSchema = z.strictObject({
  /** Request path pattern; `*` matches any characters (e.g. `/customer-setup/rem_omni/*`). */
  path: z.string().min(1).max(500),
  method: z.enum(['GET', 'POST', 'PUT', 'DELETE']).optional(),
  kind: z.enum(FAULT_KINDS),
  /** Delay before answering (the only effect of `latency`; added before any other kind). */
  latencyMs: z.number().int().min(0).max(600_000).optional(),
  /** `status`: the status to answer (default 500); also the status of malformed/wrong-shape/oversized (default 200) and redirect (302). */
  status: z.number().int().min(100).max(599).optional(),
  /** `status`: answer `{ "message": … }`; without it the body is empty. */
  message: z.string().max(10_000).optional(),
  /** Seconds for a `Retry-After` header (e.g. with status 503). */
  retryAfter: z.number().int().min(0).max(86_400).optional(),
  /** `malformed`: an HTML error page (default), or JSON cut off mid-way. */
  format: z.enum(['html', 'truncated-json']).optional(),
  /** `wrong-shape`: the JSON to answer (default an object the contracts do not describe). */
  body: z.unknown().optional(),
  /** `redirect`: where to (default an address that answers nothing). */
  location: z.string().max(2000).optional(),
  /** `oversized`: bytes of the (valid JSON) body, sent chunked (default 12 MiB). */
  sizeBytes: z
    .number()
    .int()
    .min(1)
    .max(256 * 1024 * 1024)
    .optional(),
  /** How many matching requests it applies to; without it, until cleared. */
  count: z.number().int().min(1).max(1_000_000).optional(),
});
export type FaultSpec = z.input<typeof FaultSpecSchema>;

export interface Fault extends z.output<typeof FaultSpecSchema> {
  id: string;
  /** Requests it has applied to so far. */
  hits: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function patternToRegExp(pattern: string): RegExp {
  const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
  return new RegExp(`^${escaped}$`);
}

const HTML_ERROR_PAGE =
  '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head>' +
  '<body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>';

export class FaultSwitches {
  private faults: (Fault & { matcher: RegExp })[] = [];
  private nextId = 1;

  /** Adds a fault (validated); returns it with its id. */
  add(spec: FaultSpec): Fault {
    const parsed = FaultSpecSchema.parse(spec);
    const fault = { ...parsed, id: String(this.nextId++), hits: 0 };
    this.faults.push({ ...fault, matcher: patternToRegExp(parsed.path) });
    return fault;
  }

  list(): Fault[] {
    return this.faults.map(({ matcher: _matcher, ...fault }) => ({ ...fault }));
  }

  remove(id: string): boolean {
    const before = this.faults.length;
    this.faults = this.faults.filter((f) => f.id !== id);
    return this.faults.length < before;
  }

  clear(): void {
    this.faults = [];
  }

  /** Express middleware applying the first matching fault, if any. */
  middleware(): RequestHandler {
    return (req: Request, res: Response, next: NextFunction) => {
      const fault = this.take(req.method, req.path);
      if (!fault) {
        next();
        return;
      }
      apply(fault, req, res, next).catch(next);
    };
  }

  private take(method: string, path: string): Fault | undefined {
    const fault = this.faults.find(
      (f) => (!f.method || f.method === method) && f.matcher.test(path),
    );
    if (!fault) return undefined;
    fault.hits += 1;
    if (fault.count !== undefined) {
      fault.count -= 1;
      if (fault.count <= 0) this.faults = this.faults.filter((f) => f !== fault);
    }
    return fault;
  }
}

async function apply(fault: Fault, req: Request, res: Response, next: NextFunction) {
  if (fault.latencyMs !== undefined || fault.kind === 'latency') {
    await sleep(fault.latencyMs ?? 1000);
  }
  if (fault.retryAfter !== undefined) res.set('Retry-After', String(fault.retryAfter));
  switch (fault.kind) {
    case 'latency':
      next();
      return;
    case 'status':
      res.status(fault.status ?? 500);
      if (fault.message !== undefined) res.json({ message: fault.message });
      else res.end();
      return;
    case 'malformed':
      res.status(fault.status ?? 200);
      if (fault.format === 'truncated-json') {
        res.type('application/json').send('{"data": [{"setupId": 1, "clientName": "acme');
      } else {
        res.type('text/html').send(HTML_ERROR_PAGE);
      }
      return;
    case 'wrong-shape':
      res.status(fault.status ?? 200).json(fault.body ?? { unexpected: 'shape', data: null });
      return;
    case 'redirect':
      res
        .status(fault.status ?? 302)
        .location(fault.location ?? 'http://127.0.0.1:9/elsewhere')
        .end();
      return;
    case 'oversized':
      await sendOversized(res, fault.status ?? 200, fault.sizeBytes ?? 12 * 1024 * 1024);
      return;
    case 'drop':
      req.socket.destroy();
      return;
  }
}

/** A valid JSON body of `size` bytes, written in chunks (no Content-Length). */
async function sendOversized(res: Response, status: number, size: number) {
  res.status(status).type('application/json');
  const head = '{"data":"';
  const tail = '"}';
  const fill = Math.max(0, size - head.length - tail.length);
  const chunk = 'x'.repeat(64 * 1024);
  res.write(head);
  for (let written = 0; written < fill && !res.destroyed; written += chunk.length) {
    const part = chunk.slice(0, Math.min(chunk.length, fill - written));
    if (!res.write(part)) await new Promise((r) => res.once('drain', r));
  }
  res.end(tail);
}
