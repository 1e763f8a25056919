import { Inject, Injectable } from '@nestjs/common';
import { type AnyOperation, buildPath, upstreamPath } from '@onboarding/contracts';
import type { Request, Response } from 'express';
import { APP_CONFIG, UPSTREAMS } from '../tokens.js';
import type { GatewayConfig, UpstreamService } from '../config/app-config.js';
import { ApiException } from '../common/errors/api-exception.js';
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
        log: req.log,
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
    req.log.error(
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
}
