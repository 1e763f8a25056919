import { Inject, Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { InjectPinoLogger, PinoLogger } from 'nestjs-pino';
import fs from 'node:fs';
import path from 'node:path';
import type { GatewayConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../tokens.js';
import { ApiException } from '../errors/api-exception.js';

const MISSING_PAGE = (dir: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Onboarding Console — web app not built</title></head><body><h1>The web app is not built</h1>
<p>The gateway is running and its API answers under <code>/api</code>, but there is no built web app
in <code>${dir.replace(/[<>&"]/g, '')}</code>.</p><p>Build it with <code>npm run build -w
@onboarding/web</code> (or run <code>npm start</code> from the repository root), then reload.</p>`;

interface RoutePage {
  pattern: RegExp;
  file: string;
}

/**
 * Route pages (apps/web/tooling/screen-pages.ts) preload each route's first scripts; without the
 * table (an older build) every route gets index.html, which loads them a round trip later.
 */
function readRoutePages(webDistDir: string, logger: PinoLogger): RoutePage[] {
  const table = path.join(webDistDir, 'pages.json');
  try {
    const entries: unknown = JSON.parse(fs.readFileSync(table, 'utf8'));
    if (!Array.isArray(entries)) throw new Error('not an array');
    return entries.map((entry: { pattern?: unknown; file?: unknown }) => {
      const { pattern, file } = entry;
      if (
        typeof pattern !== 'string' ||
        typeof file !== 'string' ||
        !/^pages\/[\w-]+\.html$/.test(file)
      )
        throw new Error(
          `an entry without a pattern and a pages/*.html file: ${JSON.stringify(entry)}`,
        );
      return { pattern: new RegExp(pattern, 'i'), file: path.join(webDistDir, file) };
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT')
      logger.warn(
        { table, err },
        'the route pages table does not read: every route gets index.html',
      );
    return [];
  }
}

/**
 * Build files for tooling, never for browsers (source maps hold the app's own sources). Tested on
 * the path as serve-static resolves it (decoded, `..` resolved), so no other spelling gets in.
 */
const TOOLING_FILE = /^(pages\.json|\.vite\/.*|.*\.map)(\.br|\.gz)?$/i;

const isToolingFile = (decodedPath: string) =>
  TOOLING_FILE.test(path.posix.normalize(`./${decodedPath}`));

/**
 * A path naming a static file (an icon, an image, a script…): when the build lacks it, a 404, never
 * the app's page. Browsers ask for /favicon.ico accepting any type; HTML there is no icon.
 */
const STATIC_FILE =
  /\.(ico|png|svg|jpe?g|gif|webp|avif|css|m?js|json|txt|xml|webmanifest|woff2?|ttf)$/i;

/** The path decoded, or undefined when it is malformed (`%E0%A4%A`, a lone `%`). */
function decodedPathOf(req: Request): string | undefined {
  try {
    return decodeURIComponent(req.path);
  } catch {
    return undefined;
  }
}

/** The build is looked for once a second, so a new one is served without a restart. */
function webApp(webDistDir: string, logger: PinoLogger): RequestHandler {
  const indexFile = path.join(webDistDir, 'index.html');
  // express-static-gzip lists the .br/.gz files once, when made: made again for each build.
  const serveBuild = () =>
    expressStaticGzip(webDistDir, {
      enableBrotli: true,
      orderPreference: ['br', 'gzip'],
      index: false,
      serveStatic: {
        index: false,
        redirect: false,
        setHeaders: (res, file) =>
          res.setHeader(
            'Cache-Control',
            path.relative(webDistDir, file).startsWith(`assets${path.sep}`)
              ? 'public, max-age=31536000, immutable'
              : 'public, max-age=0, must-revalidate',
          ),
      },
    });
  let built = { value: false, at: -Infinity, buildTime: 0 };
  let statics = serveBuild();
  let pages: RoutePage[] = [];
  let warned = false;

  const lookForBuild = () => {
    const buildTime = fs.statSync(indexFile, { throwIfNoEntry: false })?.mtimeMs ?? 0;
    if (buildTime !== 0 && buildTime !== built.buildTime) {
      statics = serveBuild();
      pages = readRoutePages(webDistDir, logger);
    }
    built = { value: buildTime !== 0, at: Date.now(), buildTime };
  };

  return (req: Request, res: Response, next: NextFunction) => {
    if (req.path === '/api' || req.path.startsWith('/api/')) return next();
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (Date.now() - built.at >= 1000) lookForBuild();
    if (!built.value) {
      if (!warned)
        logger.warn({ webDistDir }, 'the web app is not built: the gateway serves the API only');
      warned = true;
      if (!req.accepts('html')) return next();
      res.status(503).setHeader('Cache-Control', 'no-store');
      return void res.type('html').send(MISSING_PAGE(webDistDir));
    }
    const decoded = decodedPathOf(req);
    // The API's envelope, not serve-static's bare text.
    if (decoded === undefined)
      return next(new ApiException(400, 'VALIDATION_FAILED', 'The request is malformed.'));
    // Answered as a missing asset is: a 404, whatever the browser accepts.
    if (isToolingFile(decoded)) return next();
    statics(req, res, () => {
      // Not a file: the SPA's own routes get their page or index.html; other misses (a missing
      // /assets/x.js) 404.
      if (req.path.startsWith('/assets/') || STATIC_FILE.test(req.path) || !req.accepts('html'))
        return next();
      res.setHeader('Cache-Control', 'no-cache');
      const page = pages.find(({ pattern }) => pattern.test(req.path))?.file ?? indexFile;
      res.sendFile(page, (err) => {
        if (!err) return;
        built = { ...built, at: -Infinity }; // gone since the last look (a rebuild): look again
        next(err);
      });
    });
  };
}

/**
 * `npm run dev`: the pages come from Vite's dev server, with hot reload, never from a build that
 * may be old. A page asked for on the gateway's own port is sent there, at the same path.
 */
function redirectToDevServer(devOrigin: string): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.path === '/api' || req.path.startsWith('/api/')) return next();
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(302, `${devOrigin}${req.originalUrl}`);
  };
}

/** The pages on every path but /api: the built web app, or Vite's under `npm run dev`. */
@Injectable()
export class WebAppMiddleware implements NestMiddleware {
  private readonly pages: RequestHandler;

  constructor(
    @Inject(APP_CONFIG) config: GatewayConfig,
    @InjectPinoLogger(WebAppMiddleware.name) logger: PinoLogger,
  ) {
    this.pages = config.devServer
      ? redirectToDevServer(config.publicOrigin)
      : webApp(config.webDistDir, logger);
  }

  use(req: Request, res: Response, next: NextFunction): void {
    void this.pages(req, res, next);
  }
}
