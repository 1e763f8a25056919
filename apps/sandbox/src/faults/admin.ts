import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { z } from 'zod';
import { FailWorkflowBody, type WorkflowControl } from '../workflow/control.js';
import type { FaultSwitches } from './faults.js';

/**
 * The fault-switch admin API, served on its own port (never forwarded by the gateway):
 * GET /faults, POST /faults (a FaultSpec; 201 with its id), DELETE /faults/:id, DELETE /faults;
 * with a workflow control, POST /workflow/fail (`{ setupId, retailerId?, stepName, message? }`:
 * the setup's runs stand failed at that step, 200 with what changed).
 */
export function createAdminApp(faults: FaultSwitches, workflow?: WorkflowControl): Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(express.json({ limit: '1mb' }));
  app.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/faults', (_req, res) => {
    res.json(faults.list());
  });
  app.post('/faults', (req, res) => {
    res.status(201).json(faults.add(req.body as never));
  });
  app.delete('/faults', (_req, res) => {
    faults.clear();
    res.status(204).end();
  });
  app.delete('/faults/:id', (req: Request<{ id: string }>, res) => {
    if (faults.remove(req.params.id)) res.status(204).end();
    else res.status(404).json({ message: `No fault ${req.params.id}` });
  });
  if (workflow) {
    app.post('/workflow/fail', (req, res) => {
      res.json(workflow.fail(FailWorkflowBody.parse(req.body ?? {})));
    });
  }
  app.use((_req, res) => {
    res.status(404).json({ message: 'Not found' });
  });
  app.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    if (err instanceof z.ZodError) {
      res.status(400).json({
        message: err.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '),
      });
      return;
    }
    const status = (err as { status?: number }).status;
    res
      .status(typeof status === 'number' && status >= 400 && status < 500 ? status : 500)
      .json({ message: (err as Error).message });
  });
  return app;
}
