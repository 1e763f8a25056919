import express, { type Router } from 'express';
import type { SandboxDatabase } from '../db/database.js';
import { escapeHtml, page } from '../oidc/pages.js';

/**
 * A stand-in for the client dashboards the console links to
 * (`/dashboard/{clientId}/category-leaderboard` and any deeper path), so links land somewhere.
 */
export function dashboardRouter(db: SandboxDatabase): Router {
  const router = express.Router();
  router.get('/dashboard/*path', (req, res) => {
    const segments = req.params.path.filter(Boolean);
    const [first = '', ...rest] = segments;
    const client = /^\d+$/.test(first)
      ? db
          .prepare<[number], { client_name: string }>(
            'SELECT client_name FROM clients WHERE client_id = ?',
          )
          .get(Number(first))?.client_name
      : undefined;
    const who = client ?? decodeURIComponent(first);
    const view = rest.length > 0 ? rest.map((s) => decodeURIComponent(s)).join(' / ') : 'overview';
    res.type('html').send(
      page(
        `${who} · Dashboard`,
        `<h1>${escapeHtml(who)}</h1>
<p>Dashboard: <strong>${escapeHtml(view)}</strong></p>
<p>This page stands in for the client's live dashboard on this machine.</p>`,
      ),
    );
  });
  return router;
}
