import { Inject, Injectable } from '@nestjs/common';
import {
  type AnyOperation,
  MESSAGES,
  metaOps,
  type OperationArea,
  remOmniOps,
  upstreamPath,
  type WorkflowEntry,
  type WorkflowResponse,
} from '@onboarding/contracts';
import type { Request } from 'express';
import { PinoLogger } from 'nestjs-pino';
import { ApiException } from '../common/errors/api-exception.js';
import { upstreamError } from '../common/upstream/upstream-faults.js';
import { requestIdOf } from '../common/logging/logger.js';
import type { UpstreamClients } from '../common/upstream/upstream.client.js';
import type { UpstreamService } from '../config/app-config.js';
import { UPSTREAMS } from '../tokens.js';
import type { ParsedRequest } from './contract.pipe.js';

/** Each flow's workflow read, the declared operation the rule asks. */
const WORKFLOW_OF: Partial<Record<OperationArea, AnyOperation>> = {
  rem_omni: remOmniOps.worflowData,
  meta: metaOps.workflowData,
};

/**
 * Enforced here too (docs/requirements.md#setup-actions-rules): the step must be FAILED in the
 * current workflow, so a second click or a stale screen gets 403 and nothing runs twice.
 */
@Injectable()
export class ReTriggerRule {
  constructor(
    @Inject(UPSTREAMS) private readonly clients: UpstreamClients,
    @Inject(PinoLogger) private readonly logger: PinoLogger,
  ) {}

  async check(op: AnyOperation, parsed: ParsedRequest, req: Request): Promise<void> {
    const read = WORKFLOW_OF[op.area];
    if (op.name !== 'reTrigger' || !read) return;
    // Both flows' bodies name these; only the rem_omni one names the market share.
    const want = parsed.body as Pick<WorkflowEntry, 'stepName' | 'retailerId'> &
      Partial<Pick<WorkflowEntry, 'ismarketshareEnabled'>> & { setupId: number };
    const answer = await this.clients.get(read.service as UpstreamService)!.call({
      method: read.method,
      path: upstreamPath(read),
      body: { setupId: want.setupId },
      requestId: requestIdOf(req),
      userEmail: req.session.user?.email ?? '',
      idempotent: true,
      log: this.logger.logger,
    });
    const workflow = read.response.safeParse(answer.json);
    if (!workflow.success) throw upstreamError('unusable', read.service, answer.status);
    const { currentWorkflow } = workflow.data as WorkflowResponse;
    const failed = currentWorkflow.some(
      (row) =>
        row.stepName === want.stepName &&
        row.retailerId === want.retailerId &&
        (want.ismarketshareEnabled === undefined ||
          row.ismarketshareEnabled === want.ismarketshareEnabled) &&
        row.status.toUpperCase() === 'FAILED',
    );
    if (!failed) throw new ApiException(403, 'FORBIDDEN', MESSAGES.stepNotFailed);
  }
}
