import express, {
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';

const MISSING_PAGE = (dir: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Onboarding Console — web app not built</title></head>
<body><h1>The web app is not built</h1>
<p>The gateway is running and its API answers under <code>/api</code>, but there is no built web app in
<code>${dir.replace(/[<>&"]/g, '')}</code>.</p>
<p>Build it with <code>npm run build -w @onboarding/web</code> (or run <code>npm start</code> from the repository root), then reload.</p>
</body></html>`;

/**
 * The one-machine mode: the built web app on the gateway's own origin. Hashed assets are cached
 * for a year, index.html never; any other GET that wants HTML gets index.html (the SPA routes).
 */
export function createWebApp(webDistDir: string, logger: Logger): RequestHandler {
  const indexFile = path.join(webDistDir, 'index.html');
  const statics = express.static(webDistDir, {
    index: false,
    redirect: false,
    fallthrough: true,
    setHeaders: (res, file) => {
      const rel = path.relative(webDistDir, file).split(path.sep).join('/');
      res.setHeader(
        'Cache-Control',
        rel.startsWith('assets/')
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=0, must-revalidate',
      );
    },
  });
  let warned = false;
  // Whether the web app is built, looked up at most once a second (not a file system call per
  // request); a build made while the gateway runs is served within a second.
  let builtWhenChecked = false;
  let checkedAt = -Infinity;
  const isBuilt = () => {
    const now = Date.now();
    if (now - checkedAt >= 1000) {
      builtWhenChecked = fs.existsSync(indexFile);
      checkedAt = now;
    }
    return builtWhenChecked;
  };

  return (req: Request, res: Response, next: NextFunction) => {
    if (req.path === '/api' || req.path.startsWith('/api/')) return next();
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const built = isBuilt();
    if (!built) {
      if (!warned) {
        warned = true;
        logger.warn({ webDistDir }, 'the web app is not built: the gateway serves the API only');
      }
      if (req.accepts('html')) {
        res.status(503).setHeader('Cache-Control', 'no-store');
        res.type('html').send(MISSING_PAGE(webDistDir));
        return;
      }
      return next();
    }
    statics(req, res, () => {
      // Not a file: the SPA's own routes get index.html; other misses (a missing /assets/x.js) 404.
      if (req.path.startsWith('/assets/') || !req.accepts('html')) return next();
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(indexFile, (err) => {
        if (!err) return;
        // Gone since the last look (a rebuild): look again on the next request.
        checkedAt = -Infinity;
        next(err);
      });
    });
  };
}
