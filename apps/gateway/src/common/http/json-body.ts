import express, {
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';

/** The content types the fast path reads (the ones `jsonOnly` lets through). */
const PLAIN_JSON = /^application\/json\s*(;\s*charset=utf-8\s*)?$/i;
/** body-parser's strict mode: the first character that is not JSON whitespace. */
const FIRST_CHAR = /^[ \t\n\r]*([^ \t\n\r])/;

/** An error shaped as body-parser's (`type` + `status`), so one mapping serves both readers. */
function bodyError(status: number, type: string, message: string): Error {
  return Object.assign(new Error(message), { status, statusCode: status, type });
}

/**
 * The JSON body of a request (`req.body`), read as `express.json({ limit, strict: true })` reads
 * it, with the common case done directly: a plain `application/json` (UTF-8) body of a declared
 * length within the limit. Anything else — compressed, chunked, over the limit, another type —
 * goes to express.json itself, so its answers (415, 413, 400) stay exactly as they were.
 * Errors reach `next` with body-parser's `type` (entity.parse.failed, request.aborted…).
 */
export function jsonBody(limitBytes: number): RequestHandler {
  const fallback = express.json({ limit: limitBytes, strict: true, type: 'application/json' });
  return (req: Request, res: Response, next: NextFunction) => {
    const headers = req.headers;
    const declared = headers['content-length'];
    const length = declared === undefined ? NaN : Number(declared);
    const encoding = headers['content-encoding'];
    if (
      !(length >= 0 && length <= limitBytes) ||
      headers['transfer-encoding'] !== undefined ||
      (encoding !== undefined && encoding.toLowerCase() !== 'identity') ||
      !PLAIN_JSON.test(headers['content-type'] ?? '')
    ) {
      fallback(req, res, next);
      return;
    }
    if (length === 0) {
      // No body (type-is's hasBody): nothing to parse.
      next();
      return;
    }
    const chunks: Buffer[] = [];
    let received = 0;
    let settled = false;
    const finish = (err?: Error) => {
      if (settled) return;
      settled = true;
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onAborted);
      req.off('close', onClose);
      next(err);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > length)
        return finish(
          bodyError(400, 'request.size.invalid', 'request size did not match content length'),
        );
      chunks.push(chunk);
    };
    const onEnd = () => {
      if (received !== length) {
        finish(bodyError(400, 'request.size.invalid', 'request size did not match content length'));
        return;
      }
      let text = (chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, received)).toString(
        'utf8',
      );
      // iconv-lite's UTF-8 decoder (body-parser's) drops a byte-order mark.
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      const first = FIRST_CHAR.exec(text)?.[1];
      if (first !== '{' && first !== '[') {
        finish(bodyError(400, 'entity.parse.failed', 'The body is not a JSON object or array'));
        return;
      }
      try {
        req.body = JSON.parse(text) as unknown;
      } catch (err) {
        finish(bodyError(400, 'entity.parse.failed', (err as Error).message));
        return;
      }
      finish();
    };
    const onAborted = () => finish(bodyError(400, 'request.aborted', 'request aborted'));
    const onClose = () => {
      if (!req.complete) onAborted();
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onAborted);
    req.on('close', onClose);
  };
}
