import {
  Controller,
  Headers,
  Inject,
  type MessageEvent,
  Req,
  Sse,
  UseGuards,
} from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import {
  API_ROUTES,
  toDocumentedSchema,
  WatchEndSchema,
  WatchEventSchema,
  watchOps,
  type WatchedSetup,
  type WatchedSetups,
  type WatchSeen,
  type WatchState,
  WatchStateSchema,
} from '@onboarding/contracts';
import type { Request } from 'express';
import type { Observable } from 'rxjs';
import { z } from 'zod';
import { SessionGuard } from '../auth/session/session.guard.js';
import { ContractOperation } from '../common/contract/openapi.js';
import { RateLimit } from '../common/guards/rate-limit.guard.js';
import { OperatorOperation } from '../auth/session/operator-operation.decorator.js';
import { ContractPipe, type ParsedRequest, RequestPartsOf } from '../proxy/contract.pipe.js';
import { WatchService } from './watch.service.js';

const routes = API_ROUTES.watch;

/** A Last-Event-ID a browser sends back is one of our ids: digits. Anything else is ignored. */
const sequenceOf = (text: unknown) =>
  typeof text === 'string' && /^[0-9]{1,16}$/.test(text) ? Number(text) : null;

/** The stream's answer in the API docs: text/event-stream, each message's data described. */
const STREAM_RESPONSES = {
  '200': {
    description:
      'Server-Sent Events. `event: state` first (data: WatchState; its id is the sequence replay ' +
      'starts after; `retry:` the reconnection delay), then one message per event (id: its ' +
      'sequence; data: one of the event objects, told apart by `type`), `: heartbeat` comments, ' +
      'and `event: end` (data: its reason) before the gateway closes the stream at sign-out or ' +
      'when the session has ended. Reconnect with Last-Event-ID (or ?lastEventId=) to resume.',
    content: {
      'text/event-stream': {
        schema: {
          oneOf: [
            // Exclusive, told apart by `type` (the contracts' WatchEventSchema is a plain union).
            toDocumentedSchema(
              z.discriminatedUnion('type', WatchEventSchema.def.options),
              'output',
            ),
            toDocumentedSchema(WatchStateSchema, 'output'),
            toDocumentedSchema(WatchEndSchema, 'output'),
          ],
        },
      },
    },
  },
  '400': { description: 'The request does not match the contract (issues name the fields)' },
  '401': { description: 'No signed-in session' },
  '429': { description: 'Rate limited (Retry-After)' },
  '503': { description: 'Session store unavailable' },
};

/** The failure watch: its stream and the operator's seen sequence, each behind the session. */
@Controller()
export class WatchController {
  constructor(@Inject(WatchService) private readonly watch: WatchService) {}

  // Above ContractOperation, so its responses (text/event-stream) replace the JSON ones.
  @ApiOperation({ summary: watchOps.stream.summary, responses: STREAM_RESPONSES })
  @ContractOperation(watchOps.stream)
  @Sse(routes.stream.path)
  @RateLimit({ limiter: 'api' })
  @UseGuards(SessionGuard)
  stream(
    @RequestPartsOf(new ContractPipe(watchOps.stream)) request: ParsedRequest,
    @Headers('last-event-id') lastEventId: string | undefined,
    @Req() req: Request,
  ): Observable<MessageEvent> {
    const resumeAt = sequenceOf(lastEventId) ?? (request.query.lastEventId as number | undefined);
    return this.watch.stream(
      { sessionId: req.sessionID, email: req.session.user!.email },
      resumeAt ?? null,
    );
  }

  @OperatorOperation(watchOps.state)
  state(
    @RequestPartsOf(new ContractPipe(watchOps.state)) _request: ParsedRequest,
    @Req() req: Request,
  ): Promise<WatchState> {
    return this.watch.state(req.session.user!.email);
  }

  @OperatorOperation(watchOps.seen, { status: 200 })
  async seen(
    @RequestPartsOf(new ContractPipe(watchOps.seen)) request: ParsedRequest,
    @Req() req: Request,
  ): Promise<WatchSeen> {
    const { sequence } = request.body as { sequence: number };
    return { seen: await this.watch.markSeen(req.session.user!.email, sequence) };
  }

  @OperatorOperation(watchOps.watched)
  watched(
    @RequestPartsOf(new ContractPipe(watchOps.watched)) _request: ParsedRequest,
    @Req() req: Request,
  ): Promise<WatchedSetups> {
    return this.watch.watched(req.session.user!.email);
  }

  @OperatorOperation(watchOps.watch, { status: 200 })
  watchSetup(
    @RequestPartsOf(new ContractPipe(watchOps.watch)) request: ParsedRequest,
    @Req() req: Request,
  ): Promise<WatchedSetups> {
    return this.watch.watchSetup(req.session.user!.email, request.body as WatchedSetup);
  }

  @OperatorOperation(watchOps.unwatch)
  unwatch(
    @RequestPartsOf(new ContractPipe(watchOps.unwatch)) request: ParsedRequest,
    @Req() req: Request,
  ): Promise<WatchedSetups> {
    const { flow, productId } = request.query as { flow: WatchedSetup['flow']; productId?: number };
    return this.watch.unwatchSetup(req.session.user!.email, {
      flow,
      productId: productId ?? null,
      setupId: request.params.setupId as number,
    });
  }
}
