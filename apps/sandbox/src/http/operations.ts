import {
  type AnyOperation,
  type CheckedRequest,
  checkRequest,
  type OperationDef,
  type OperationResponse,
  type SERVICE_PREFIX,
  toApiIssues,
  upstreamPath,
} from '@onboarding/contracts';
import type { NextFunction, Request, Response, Router } from 'express';
import type * as z from 'zod/mini';
import { HttpError } from './errors.js';

type Parsed<T> = [T] extends [z.ZodMiniNever]
  ? undefined
  : T extends z.ZodMiniType
    ? z.output<T>
    : undefined;

/** What a handler receives: the request parsed by the operation's own schemas. */
interface HandlerInput<O> {
  body: O extends OperationDef<z.ZodMiniType, z.ZodMiniType, infer B, z.ZodMiniType>
    ? Parsed<B>
    : never;
  query: O extends OperationDef<infer Q, z.ZodMiniType, z.ZodMiniType, z.ZodMiniType>
    ? Parsed<Q>
    : never;
  params: O extends OperationDef<z.ZodMiniType, infer P, z.ZodMiniType, z.ZodMiniType>
    ? Parsed<P>
    : never;
  /** The signed-in operator, as the gateway forwards it (`X-User-Email`). */
  userEmail: string | undefined;
}

type Handler<O> = (input: HandlerInput<O>) => OperationResponse<O> | Promise<OperationResponse<O>>;

/** One handler per operation of an area, keyed like the contracts' area object. */
export type HandlerMap<T extends Record<string, AnyOperation>> = { [K in keyof T]: Handler<T[K]> };

/** Where the sandbox serves each upstream service. */
export const SERVICE_BASE = {
  'customer-setup': '/customer-setup',
  llm: '/llm',
} as const satisfies Record<keyof typeof SERVICE_PREFIX, string>;

/** The path the sandbox serves an operation on: its base plus the upstream path. */
export function sandboxPath(op: AnyOperation): string {
  if (op.service === 'gateway') throw new Error(`${op.id} is answered by the gateway itself`);
  return SERVICE_BASE[op.service] + upstreamPath(op);
}

/**
 * The request parsed by the contracts' one check (the gateway's own, so the sandbox refuses what
 * the gateway refuses): 400 with `message` (the first issue) and every issue otherwise. Identity
 * fields are taken as they come: the gateway has written them already, as an upstream expects.
 */
function parse(op: AnyOperation, req: Request): CheckedRequest {
  const checked = checkRequest(op, req);
  if (checked.ok) return checked.request;
  const [first] = checked.issues;
  const where = String(first?.path[0] ?? 'request');
  const message = first
    ? `Invalid ${where}: ${first.path.slice(1).join('.') || where}: ${first.message}`
    : `Invalid ${where}`;
  throw new HttpError(400, message, { issues: checked.issues });
}

/**
 * Mounts every operation of an area on the router at method + sandbox path, each parsing its
 * input with the contract (`parse`) and checking its own answer
 * against the response schema (a mismatch is a sandbox bug: 500, logged).
 */
export function mountArea<T extends Record<string, AnyOperation>>(
  router: Router,
  ops: T,
  handlers: HandlerMap<T>,
  log: (line: Record<string, unknown>) => void,
): void {
  for (const key of Object.keys(ops) as (keyof T & string)[]) {
    const op = ops[key];
    if (!op) continue;
    const handler = handlers[key] as Handler<AnyOperation>;
    const method = op.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
    router[method](sandboxPath(op), (req: Request, res: Response, next: NextFunction) => {
      (async () => {
        const input = {
          ...parse(op, req),
          userEmail: req.get('x-user-email')?.trim() || undefined,
        } as HandlerInput<AnyOperation>;
        const answer = await handler(input);
        const checked = op.response.safeParse(answer);
        if (!checked.success) {
          log({
            msg: 'sandbox answer does not match its contract',
            operation: op.id,
            issues: toApiIssues('response', checked.error.issues),
          });
          throw new HttpError(500, `The sandbox answer to ${op.id} does not match its contract`);
        }
        res.status(200).json(answer);
      })().catch(next);
    });
  }
}
