import { Controller, createParamDecorator, type ExecutionContext, Inject } from '@nestjs/common';
import {
  type FleetFilter,
  type FleetList,
  type SavedView,
  type SavedViews,
  viewsOps,
  filterOfQuery,
} from '@onboarding/contracts';
import type { Request } from 'express';
import { OperatorOperation } from '../auth/session/operator-operation.decorator.js';
import { ContractPipe, type ParsedRequest, RequestPartsOf } from '../proxy/contract.pipe.js';
import { OPERATOR_STORE } from '../tokens.js';
import { FleetListService } from './fleet-list.service.js';
import {
  flowKeyOf,
  type NewView,
  type OperatorStore,
  StoreErrors,
  type ViewChange,
} from './operator-store.js';

/** The signed-in operator's e-mail (SessionGuard runs first): whose views these are. */
const Operator = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext): string =>
    ctx.switchToHttp().getRequest<Request>().session.user?.email ?? '',
);

/** @nestjs/swagger's key for an operation's metadata (its DECORATORS.API_OPERATION). */
const API_OPERATION = 'swagger/apiOperation';
const API_ERROR = { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } };

/**
 * Adds error answers to the operation ContractOperation declared: its ApiOperation carries the
 * responses, which an ApiResponse decorator would not reach. Placed above ContractOperation.
 */
const AlsoAnswers =
  (answers: Record<string, string>): MethodDecorator =>
  (_target, _key, descriptor) => {
    const op = Reflect.getMetadata(API_OPERATION, descriptor.value as object) as {
      responses?: Record<string, unknown>;
    };
    const added: Record<string, unknown> = {};
    for (const [status, description] of Object.entries(answers))
      added[status] = { description, content: API_ERROR };
    Reflect.defineMetadata(
      API_OPERATION,
      { ...op, responses: { ...op.responses, ...added } },
      descriptor.value as object,
    );
    return descriptor;
  };
const NOT_FOUND = { '404': 'The operator has no such view (another operator’s included)' };
const CONFLICT = { '409': 'A view of that name exists already, or the operator has 50 views' };

interface FlowParams {
  flow?: 'rem_omni' | 'meta';
  productId?: number;
}

/**
 * Saved views (issue 33): each operator's own, kept by the operator store, each counted against
 * the current fleet snapshot; and the fleet list the filters narrow.
 */
@Controller()
export class ViewsController {
  constructor(
    @Inject(OPERATOR_STORE) private readonly store: OperatorStore,
    @Inject(FleetListService) private readonly fleetList: FleetListService,
  ) {}

  @OperatorOperation(viewsOps.list)
  async list(
    @RequestPartsOf(new ContractPipe(viewsOps.list)) request: ParsedRequest,
    @Operator() email: string,
  ): Promise<SavedViews> {
    const { flow, productId } = request.query as FlowParams;
    const views = (await this.store.listViews(email)).filter(
      (v) => flow === undefined || flowKeyOf(v) === flowKeyOf({ productId: productId ?? null }),
    );
    const counts = await this.fleetList.counts(views);
    return { views: views.map((v, i) => ({ ...v, count: counts[i] ?? null })) };
  }

  @AlsoAnswers(CONFLICT)
  @OperatorOperation(viewsOps.create, { status: 200 })
  create(
    @RequestPartsOf(new ContractPipe(viewsOps.create)) request: ParsedRequest,
    @Operator() email: string,
  ): Promise<SavedView> {
    return this.store.createView(email, request.body as NewView);
  }

  @AlsoAnswers({ ...NOT_FOUND, ...CONFLICT })
  @OperatorOperation(viewsOps.update)
  update(
    @RequestPartsOf(new ContractPipe(viewsOps.update)) request: ParsedRequest,
    @Operator() email: string,
  ): Promise<SavedView> {
    return this.store.updateView(email, String(request.params.id), request.body as ViewChange);
  }

  @AlsoAnswers(NOT_FOUND)
  @OperatorOperation(viewsOps.remove)
  async remove(
    @RequestPartsOf(new ContractPipe(viewsOps.remove)) request: ParsedRequest,
    @Operator() email: string,
  ): Promise<{ id: string }> {
    const id = String(request.params.id);
    if (!(await this.store.deleteView(email, id))) throw StoreErrors.notFound();
    return { id };
  }

  @OperatorOperation(viewsOps.defaultView)
  async defaultView(
    @RequestPartsOf(new ContractPipe(viewsOps.defaultView)) request: ParsedRequest,
    @Operator() email: string,
  ): Promise<{ view: SavedView | null }> {
    const key = flowKeyOf({ productId: (request.query as FlowParams).productId ?? null });
    const views = await this.store.listViews(email);
    return { view: views.find((v) => v.pinned && flowKeyOf(v) === key) ?? null };
  }

  @OperatorOperation(viewsOps.fleetList)
  fleetListPage(
    @RequestPartsOf(new ContractPipe(viewsOps.fleetList)) request: ParsedRequest,
  ): Promise<FleetList> {
    const { flow, productId, offset, limit, ...filters } = request.query as Required<
      Pick<FlowParams, 'flow'>
    > &
      Pick<FlowParams, 'productId'> & { offset: number; limit: number } & Parameters<
        typeof filterOfQuery
      >[0];
    const filter: FleetFilter = filterOfQuery(filters);
    return this.fleetList.list({ flow, productId, filter, offset, limit });
  }
}
