import { Inject, Injectable } from '@nestjs/common';
import {
  type AnyOperation,
  buildPath,
  checkRequest,
  type ExampleRequest,
  upstreamPath,
} from '@onboarding/contracts';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { Request, Response } from 'express';
import { PinoLogger } from 'nestjs-pino';
import { APP_CONFIG, UPSTREAMS } from '../tokens.js';
import type { GatewayConfig, UpstreamService } from '../config/app-config.js';
import { ApiException, Errors } from '../common/errors/api-exception.js';
import type { ParsedRequest } from './contract.pipe.js';
import { ReTriggerRule } from './re-trigger.rule.js';
import { requestIdOf } from '../common/logging/logger.js';
import type { UpstreamClients } from '../common/upstream/upstream.client.js';
import {
  GatewayMetrics,
  type UpstreamOutcome,
  upstreamOutcomeOf,
} from '../metrics/gateway-metrics.js';

/**
 * Forwards an operation parsed by its contract, with the operator's e-mail and the request id; its
 * answer, with the upstream's status, is checked by the contract (502, or logged in report mode).
 */
@Injectable()
export class ProxyService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
    @Inject(UPSTREAMS) private readonly clients: UpstreamClients,
    @Inject(GatewayMetrics) private readonly metrics: GatewayMetrics,
    @Inject(ReTriggerRule) private readonly reTriggerRule: ReTriggerRule,
    @Inject(PinoLogger) private readonly logger: PinoLogger,
  ) {}

  async forward(
    op: AnyOperation,
    parsed: ParsedRequest,
    req: Request,
    res: Response,
  ): Promise<unknown> {
    await this.reTriggerRule.check(op, parsed, req);
    const client = this.clients.get(op.service as UpstreamService)!;
    // Reads stop when the browser goes away; writes are let finish so the upstream never sees
    // half a write.
    const clientGone = op.idempotent ? new AbortController() : undefined;
    if (clientGone)
      res.once('close', () => {
        if (!res.writableFinished) clientGone.abort();
      });
    const started = performance.now();
    const ended = (outcome: UpstreamOutcome) =>
      this.metrics.upstreamCallEnded(op.service, outcome, (performance.now() - started) / 1000);
    const answer = await client
      .call({
        method: op.method,
        path: buildPath(upstreamPath(op), parsed.params),
        query: parsed.query,
        body: parsed.body,
        requestId: requestIdOf(req),
        userEmail: req.session.user?.email ?? '',
        idempotent: op.idempotent === true,
        signal: clientGone?.signal,
        log: this.logger.logger,
      })
      .catch((err: unknown) => {
        ended(upstreamOutcomeOf(err));
        throw err;
      });
    const checked = op.response.safeParse(answer.json);
    ended(checked.success ? 'ok' : 'contract_mismatch');
    res.status(answer.status);
    // What the browser gets is re-serialised from the contract: fields it does not name are dropped.
    if (checked.success) return checked.data;
    // Paths and zod's codes only: an issue's message can quote the upstream's values.
    const issues = checked.error.issues.map((i) => ({ path: i.path.map(String), code: i.code }));
    this.logger.error(
      { operation: op.id, upstream: op.service, issues },
      'upstream answer does not match the contract',
    );
    if (this.config.upstream.responseValidation === 'report') return answer.json;
    throw new ApiException(
      502,
      'UPSTREAM_CONTRACT_MISMATCH',
      'The service answered in an unexpected shape.',
      { upstream: { service: op.service, status: answer.status } },
    );
  }
  /**
   * A declared read the gateway makes on its own (the fleet snapshot): the same request check,
   * upstream client (deadline, retry, breaker) and contract check as a forwarded call, with no
   * browser behind it. An answer outside the contract is an error whatever the validation mode:
   * nothing reads it on.
   */
  async read<O extends AnyOperation>(
    op: O,
    request: ExampleRequest,
    caller: { requestId: string; userEmail: string; log: Logger; signal?: AbortSignal },
  ): Promise<z.output<O['response']>> {
    const checkedRequest = checkRequest(op, request, { operator: caller.userEmail });
    if (!checkedRequest.ok) throw Errors.contract(checkedRequest.issues);
    const { params, query, body } = checkedRequest.request;
    const started = performance.now();
    const ended = (outcome: UpstreamOutcome) =>
      this.metrics.upstreamCallEnded(op.service, outcome, (performance.now() - started) / 1000);
    const answer = await this.clients
      .get(op.service as UpstreamService)!
      .call({
        method: op.method,
        path: buildPath(upstreamPath(op), (params ?? {}) as Record<string, string | number>),
        query: (query ?? {}) as Record<string, unknown>,
        body,
        requestId: caller.requestId,
        userEmail: caller.userEmail,
        idempotent: op.idempotent === true,
        signal: caller.signal,
        log: caller.log,
      })
      .catch((err: unknown) => {
        ended(upstreamOutcomeOf(err));
        throw err;
      });
    const checked = op.response.safeParse(answer.json);
    ended(checked.success ? 'ok' : 'contract_mismatch');
    if (checked.success) return checked.data as z.output<O['response']>;
    caller.log.error(
      {
        operation: op.id,
        upstream: op.service,
        issues: checked.error.issues.map((i) => i.path.map(String)),
      },
      'upstream answer does not match the contract',
    );
    throw new ApiException(
      502,
      'UPSTREAM_CONTRACT_MISMATCH',
      'The service answered in an unexpected shape.',
      {
        upstream: { service: op.service, status: answer.status },
      },
    );
  }
}
