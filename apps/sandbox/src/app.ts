import express, { type Express } from 'express';

export function createSandboxApp(): Express {
  const app = express();
  app.disable('x-powered-by');
  app.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  return app;
}
