import { SAVED_VIEWS_MAX, viewsOps, type FleetFilter, type SavedView } from '@onboarding/contracts';
import { reply, type FakeGateway, type GatewayRequest } from './fake-gateway';

const flowKey = (v: { productId: number | null }) => v.productId ?? 'rem_omni';
const queryFlow = (req: GatewayRequest) =>
  flowKey({ productId: req.query.productId === undefined ? null : Number(req.query.productId) });

/** A saved view as the gateway answers it; `name` and `filters` at least. */
export function savedView(fields: Partial<SavedView> & Pick<SavedView, 'name'>): SavedView {
  return {
    id: `v-${fields.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
    flow: 'rem_omni',
    productId: null,
    filters: { status: ['FAILED'] },
    pinned: false,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...fields,
  };
}

/**
 * The operator store's saved views in the stand-in (the gateway's /api/views*, one operator):
 * list (one flow's, each counted by `countOf`), create, update, remove and the default, refusing
 * as the gateway does (apps/gateway/src/views/operator-store.ts: a duplicate name whatever its
 * case or a 51st view is a 409, another id a 404; a refused write changes nothing). The requests'
 * shape is the stand-in's own check. Answers `views` as it is now.
 */
export function withSavedViews(
  gateway: FakeGateway,
  initial: SavedView[] = [],
  countOf: (filters: FleetFilter) => number | null = () => null,
) {
  const views = initial.map((v) => ({ ...v }));
  let next = views.length + 1;
  const taken = (name: string, except?: string) =>
    views.some((v) => v.id !== except && v.name.toLowerCase() === name.trim().toLowerCase());
  const duplicate = (name: string) =>
    reply(409, {
      error: {
        code: 'VALIDATION_FAILED',
        message: `You already have a view named "${name.trim()}".`,
        requestId: 'req-test',
        issues: [{ path: ['body', 'name'], message: 'Already used by another of your views' }],
      },
    });
  const unpinOthers = (view: SavedView) => {
    for (const v of views) if (v !== view && flowKey(v) === flowKey(view)) v.pinned = false;
  };
  gateway
    .on(viewsOps.list, (req: GatewayRequest) => ({
      views: views
        .filter((v) => req.query.flow === undefined || flowKey(v) === queryFlow(req))
        .map((v) => ({ ...v, count: countOf(v.filters) })),
    }))
    .on(viewsOps.defaultView, (req: GatewayRequest) => ({
      view: views.find((v) => v.pinned && flowKey(v) === queryFlow(req)) ?? null,
    }))
    .on(viewsOps.create, ({ body }: GatewayRequest) => {
      const b = body as Omit<SavedView, 'id' | 'createdAt' | 'updatedAt'>;
      if (taken(b.name)) return duplicate(b.name);
      if (views.length >= SAVED_VIEWS_MAX)
        return reply(409, {
          error: {
            code: 'VALIDATION_FAILED',
            message: `You have ${SAVED_VIEWS_MAX} views, the most kept: delete one to save another.`,
            requestId: 'req-test',
          },
        });
      const view = savedView({ ...b, name: b.name.trim(), pinned: b.pinned ?? false });
      view.id = `v-${next++}`;
      views.push(view);
      if (view.pinned) unpinOthers(view);
      return view;
    })
    .on(viewsOps.update, ({ params, body }: GatewayRequest) => {
      const view = views.find((v) => v.id === params.id);
      if (!view)
        return reply(404, {
          error: { code: 'NOT_FOUND', message: 'There is no such view.', requestId: 'req-test' },
        });
      const change = body as { name?: string; pinned?: boolean; filters?: FleetFilter };
      if (change.name !== undefined && taken(change.name, view.id)) return duplicate(change.name);
      if (change.name !== undefined) view.name = change.name.trim();
      if (change.filters !== undefined) view.filters = change.filters;
      if (change.pinned !== undefined) view.pinned = change.pinned;
      if (view.pinned) unpinOthers(view);
      return { ...view };
    })
    .on(viewsOps.remove, ({ params }: GatewayRequest) => {
      const at = views.findIndex((v) => v.id === params.id);
      if (at < 0)
        return reply(404, {
          error: { code: 'NOT_FOUND', message: 'There is no such view.', requestId: 'req-test' },
        });
      views.splice(at, 1);
      return { id: params.id! };
    });
  return views;
}
