import { freePort, tempDir, waitFor } from '@onboarding/test-support';
import fs from 'node:fs';
import path from 'node:path';
import { NGINX_TEMPLATE } from './paths.js';
import { ensureDebianBinary, type Proc, start } from './processes.js';

/**
 * What the image's 20-envsubst-on-templates.sh does: `$NAME` and `${NAME}` are replaced for the
 * names given (the image passes every environment variable matching NGINX_ENVSUBST_FILTER);
 * everything else — nginx's own lower-case `$variables` — stays as written.
 */
export function envsubst(template: string, vars: Record<string, string>): string {
  return template.replace(
    /\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))/g,
    (whole, braced: string | undefined, bare: string | undefined) => {
      const name = braced ?? bare!;
      return Object.hasOwn(vars, name) ? vars[name]! : whole;
    },
  );
}

/** The variables of the filter the web image sets (NGINX_ENVSUBST_FILTER="^(NGINX_|GATEWAY_)"). */
export function filteredVars(env: Record<string, string>, filter: string): Record<string, string> {
  const re = new RegExp(filter);
  return Object.fromEntries(Object.entries(env).filter(([k]) => re.test(k)));
}

/** Placeholders of the template that these variables leave unrendered (nginx would refuse them). */
export function unrendered(conf: string): string[] {
  return [...conf.matchAll(/\$\{?([A-Z][A-Z0-9_]*)\}?/g)].map((m) => m[1]!);
}

export interface RunningNginx {
  readonly url: string;
  readonly port: number;
  readonly proc: Proc;
  readonly dir: string;
  /** The rendered site configuration. */
  readonly conf: string;
  /** The access log lines (JSON, on stdout). */
  accessLog(): Record<string, unknown>[];
  stop(): Promise<void>;
}

/**
 * Debian's nginx in the foreground, as a child of the test, running the web image's site
 * template rendered with `vars`, listening on a loopback port (free, or the one given). The outer
 * nginx.conf mirrors the image's: mime types, the site included in the http block; its pid,
 * logs and temp folders are in a temporary folder.
 */
export async function startNginx(
  vars: Record<string, string>,
  options: { port?: number } = {},
): Promise<RunningNginx> {
  const nginx = ensureDebianBinary('nginx', 'nginx');
  const dir = tempDir('docker-test-nginx-');
  const port = options.port ?? (await freePort());
  const site = envsubst(fs.readFileSync(NGINX_TEMPLATE, 'utf8'), {
    ...vars,
    NGINX_LISTEN: `127.0.0.1:${port}`,
  });
  const left = unrendered(site);
  if (left.length) throw new Error(`template variables not set: ${left.join(', ')}`);
  fs.mkdirSync(path.join(dir, 'conf.d'));
  fs.writeFileSync(path.join(dir, 'conf.d/default.conf'), site);
  const mimeTypes = ['/etc/nginx/mime.types', '/usr/local/nginx/conf/mime.types'].find((f) =>
    fs.existsSync(f),
  );
  if (!mimeTypes) throw new Error('nginx mime.types not found (package nginx-common)');
  const temp = (name: string) => path.join(dir, name);
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `worker_processes 1;
events { worker_connections 512; }
http {
    include ${mimeTypes};
    default_type application/octet-stream;
    sendfile on;
    keepalive_timeout 65;
    client_body_temp_path ${temp('client_body_temp')};
    proxy_temp_path ${temp('proxy_temp')};
    fastcgi_temp_path ${temp('fastcgi_temp')};
    uwsgi_temp_path ${temp('uwsgi_temp')};
    scgi_temp_path ${temp('scgi_temp')};
    include ${path.join(dir, 'conf.d')}/*.conf;
}
`,
  );
  const proc = start(
    'nginx',
    nginx,
    [
      '-p',
      dir + '/',
      '-c',
      path.join(dir, 'nginx.conf'),
      '-e',
      path.join(dir, 'error.log'),
      '-g',
      `daemon off; pid ${path.join(dir, 'nginx.pid')};`,
    ],
    { cwd: dir, env: {}, stdoutFile: path.join(dir, 'stdout.log') },
  );
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor(
      async () => {
        if (!proc.running) throw new Error(`nginx exited: ${proc.stderr}${errorLog(dir)}`);
        return (await fetch(`${url}/healthz`)).ok;
      },
      { timeoutMs: 10_000, what: 'nginx' },
    );
  } catch (err) {
    await proc.stop(3_000);
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    url,
    port,
    proc,
    dir,
    conf: site,
    accessLog: () => proc.jsonLines(),
    async stop() {
      // SIGQUIT: graceful stop of the master and its workers.
      await proc.stop(5_000, 'SIGQUIT');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function errorLog(dir: string): string {
  try {
    return fs.readFileSync(path.join(dir, 'error.log'), 'utf8');
  } catch {
    return '';
  }
}

/** A copy of the built web app (apps/web/dist) that other builds cannot change under the test. */
export function copyWebDist(source: string): string {
  const target = path.join(tempDir('docker-test-web-'), 'html');
  fs.cpSync(source, target, { recursive: true });
  for (const entry of fs.readdirSync(target, { recursive: true, withFileTypes: true })) {
    fs.chmodSync(path.join(entry.parentPath, entry.name), entry.isDirectory() ? 0o755 : 0o644);
  }
  fs.chmodSync(target, 0o755);
  return target;
}
