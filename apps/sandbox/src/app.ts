import {
  categoryAnalyticsOps,
  legacyOps,
  llmOps,
  metaOps,
  productRegisterOps,
  remOmniOps,
} from '@onboarding/contracts';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import type { SandboxContext } from './context.js';
import {
  categoryAnalyticsHandlers,
  metaHandlers,
  productRegisterHandlers,
  remOmniHandlers,
} from './customer-setup/handlers.js';
import { legacyHandlers } from './customer-setup/legacy.js';
import { dashboardRouter } from './dashboard/dashboard.js';
import type { FaultSwitches } from './faults/faults.js';
import { HttpError } from './http/errors.js';
import { mountArea, SERVICE_BASE } from './http/operations.js';
import { llmHandlers } from './llm/prompts.js';
import { errorPage } from './oidc/pages.js';
import { OIDC_MOUNT } from './oidc/provider.js';
import { WorkflowError } from './workflow/engine.js';

/**
 * The sandbox's HTTP app: health, the identity provider (`/oidc`), the customer-setup API
 * (`/customer-setup`), the LLM prompt service (`/llm`) and the dashboards stand-in — every
 * upstream operation mounted from its contract declaration.
 */
export function createSandboxApp(
  ctx: SandboxContext,
  parts: { faults: FaultSwitches; identityProvider: express.Router },
): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(parts.faults.middleware());

  app.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });

  app.use(parts.identityProvider);

  const api = express.Router();
  api.use(express.json({ limit: '2mb' }));
  api.use((req, _res, next) => {
    // Calls with an empty body may come without one at all.
    if (req.body === undefined && req.method !== 'GET') req.body = {};
    next();
  });
  mountArea(api, remOmniOps, remOmniHandlers(ctx), ctx.log);
  mountArea(api, categoryAnalyticsOps, categoryAnalyticsHandlers(ctx), ctx.log);
  mountArea(api, metaOps, metaHandlers(ctx), ctx.log);
  mountArea(api, productRegisterOps, productRegisterHandlers(ctx), ctx.log);
  mountArea(api, legacyOps, legacyHandlers(ctx), ctx.log);
  mountArea(api, llmOps, llmHandlers(ctx), ctx.log);
  for (const base of Object.values(SERVICE_BASE)) {
    api.use(base, (req, res) => {
      res.status(404).json({ message: `No such operation: ${req.method} ${req.originalUrl}` });
    });
  }
  app.use(api);
  app.use(dashboardRouter(ctx.db));

  app.use((req, res) => {
    res.status(404).json({ message: `Not found: ${req.method} ${req.path}` });
  });

  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
    const { status, message, details } = describeError(err);
    if (status >= 500) ctx.log({ msg: 'request failed', path: req.path, error: String(err) });
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (req.path.startsWith(OIDC_MOUNT + '/')) {
      res
        .status(status)
        .type('html')
        .send(errorPage({ error: message }));
      return;
    }
    res.status(status).json({ message, ...details });
  });
  return app;
}

function describeError(err: unknown): {
  status: number;
  message: string;
  details?: Record<string, unknown>;
} {
  if (err instanceof HttpError) {
    return {
      status: err.status,
      message: err.message,
      ...(err.details ? { details: err.details } : {}),
    };
  }
  if (err instanceof WorkflowError) return { status: err.status, message: err.message };
  const e = err as { type?: string; status?: number; message?: string; name?: string };
  if (e.type === 'entity.parse.failed')
    return { status: 400, message: 'The body is not valid JSON' };
  if (e.type === 'entity.too.large') return { status: 413, message: 'The body is too large' };
  if (typeof e.status === 'number' && e.status >= 400 && e.status < 500) {
    return { status: e.status, message: e.message ?? 'Bad request' };
  }
  // oidc-provider's own errors (an expired interaction, a missing cookie…)
  if (e.name && /^(SessionNotFound|InvalidRequest|AccessDenied)/.test(e.name)) {
    return { status: 400, message: e.message ?? 'Sign-in request is no longer valid' };
  }
  return { status: 500, message: 'The sandbox failed to answer this request' };
}
