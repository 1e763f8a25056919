import { Inject, Injectable } from '@nestjs/common';
import { type AnyOperation, buildPath, toApiIssues, upstreamPath } from '@onboarding/contracts';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { APP_CONFIG, LOGGER } from '../../tokens.js';
import type { GatewayConfig, UpstreamService } from '../../config/app-config.js';
import { ApiException } from '../errors/api-exception.js';
import { sendError } from '../errors/send-error.js';
import { parseRequest, toQueryString } from '../contract/parse-request.js';
import { requestIdOf } from '../request-id/request-id.middleware.js';
import { UpstreamClients } from './upstream-clients.js';
import { ClientGone } from './upstream.client.js';

/** Ids worth an audit line: scalar fields named `id` or `…Id`, at most a few. */
function collectIds(...sources: unknown[]): Record<string, unknown> {
  const ids: Record<string, unknown> = {};
  let count = 0;
  const visit = (value: unknown, depth: number) => {
    if (count >= 20 || depth > 2 || !value || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const item of value.slice(0, 10)) visit(item, depth + 1);
      return;
    }
    for (const [key, v] of Object.entries(value)) {
      if ((key === 'id' || /Id$/.test(key)) && (typeof v === 'number' || typeof v === 'string')) {
        const prev = ids[key];
        if (prev === undefined) ids[key] = v;
        else if (Array.isArray(prev)) {
          if (!prev.includes(v)) prev.push(v);
        } else if (prev !== v) ids[key] = [prev, v];
        count += 1;
      } else if (typeof v === 'object') visit(v, depth + 1);
    }
  };
  for (const s of sources) visit(s, 0);
  return ids;
}

/**
 * Forwards one declared operation: parse by contract, stamp identity, call the upstream with a
 * deadline, check the answer against the contract, answer the upstream's body unwrapped.
 */
@Injectable()
export class ProxyService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(UpstreamClients) private readonly clients: UpstreamClients,
  ) {}

  async forward(op: AnyOperation, req: Request, res: Response): Promise<void> {
    const email = req.session.user?.email ?? '';
    const audit = !op.idempotent;
    let ids: Record<string, unknown> = {};
    try {
      const parsed = parseRequest(op, req, email);
      ids = audit ? collectIds(parsed.params, parsed.query, parsed.body) : {};
      const client = this.clients.get(op.service as UpstreamService);
      const path = buildPath(upstreamPath(op), parsed.params) + toQueryString(parsed.query);
      // Reads stop when the browser goes away; writes are let finish so the upstream never
      // sees half a write.
      const clientGone = op.idempotent ? new ClientGone() : undefined;
      if (clientGone) {
        res.once('close', () => {
          if (!res.writableFinished) clientGone.signal();
        });
      }
      const answer = await client.call({
        method: op.method,
        path,
        body: parsed.body,
        requestId: requestIdOf(req),
        userEmail: email,
        idempotent: op.idempotent === true,
        clientGone,
        log: req.log,
      });
      const checked = op.response.safeParse(answer.json);
      if (!checked.success) {
        const issues = toApiIssues('response', checked.error.issues);
        req.log.error(
          {
            operation: op.id,
            upstream: op.service,
            issues: issues.map((i) => ({ path: i.path, message: i.message })),
          },
          'upstream answer does not match the contract',
        );
        if (this.config.upstream.responseValidation === 'enforce') {
          throw new ApiException(
            502,
            'UPSTREAM_CONTRACT_MISMATCH',
            'The service answered in an unexpected shape.',
            {
              upstream: { service: op.service, status: answer.status },
              issues,
            },
          );
        }
      }
      // The upstream's bytes as they came (validated above), without Express's send machinery.
      res.statusCode = answer.status;
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.setHeader('Content-Length', answer.raw.length);
      res.end(answer.raw);
      if (audit) this.auditLine(req, op, email, ids, 'success', answer.status);
    } catch (err) {
      const error =
        err instanceof ApiException
          ? err
          : new ApiException(500, 'INTERNAL', 'Something went wrong in the gateway.');
      if (!(err instanceof ApiException)) req.log.error({ err, operation: op.id }, 'proxy failure');
      sendError(req, res, error);
      if (audit) this.auditLine(req, op, email, ids, 'failure', error.status, error.code);
    }
  }

  private auditLine(
    req: Request,
    op: AnyOperation,
    user: string,
    ids: Record<string, unknown>,
    outcome: 'success' | 'failure',
    status: number,
    errorCode?: string,
  ): void {
    req.log.info(
      {
        audit: true,
        user,
        operation: op.id,
        ids,
        outcome,
        status,
        ...(errorCode ? { errorCode } : {}),
      },
      'audit',
    );
  }
}
