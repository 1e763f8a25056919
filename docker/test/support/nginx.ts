import { freePort, tempDir, waitFor } from '@onboarding/test-support';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { NGINX_TEMPLATE, NGINX_TLS_SCRIPT } from './paths.js';
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
  /** https://127.0.0.1:<port>, when the variables give a certificate (NGINX_TLS_CERT, _KEY). */
  readonly tlsUrl: string | undefined;
  readonly tlsPort: number | undefined;
  readonly proc: Proc;
  readonly dir: string;
  /** The rendered site configuration. */
  readonly conf: string;
  /** The access log lines (JSON, on stdout). */
  accessLog(): Record<string, unknown>[];
  stop(): Promise<void>;
}

/**
 * The image's TLS entrypoint script (docker/web/25-onboarding-tls.sh) as its entrypoint runs it,
 * with `env` and the nginx found here on PATH, writing into `confDir`. Its exit status and output.
 */
export function runTlsScript(env: Record<string, string>, confDir: string) {
  const nginx = ensureDebianBinary('nginx', 'nginx');
  const r = spawnSync('sh', [NGINX_TLS_SCRIPT], {
    env: {
      PATH: `${path.dirname(nginx)}:${process.env.PATH ?? '/usr/bin:/bin'}`,
      ...env,
      NGINX_ENVSUBST_OUTPUT_DIR: confDir,
    },
    encoding: 'utf8',
    timeout: 10_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/**
 * Debian's nginx in the foreground, as a child of the test, running the web image's site
 * template rendered with `vars`, listening on a loopback port (free, or the one given). The outer
 * nginx.conf mirrors the image's: mime types, the site included in the http block; its pid,
 * logs and temp folders are in a temporary folder. The image's TLS script runs first, as in the
 * image: with NGINX_TLS_CERT and NGINX_TLS_KEY among `vars`, nginx also serves HTTPS (HTTP/2) on
 * a second loopback port.
 */
export async function startNginx(
  vars: Record<string, string>,
  options: { port?: number } = {},
): Promise<RunningNginx> {
  const nginx = ensureDebianBinary('nginx', 'nginx');
  const dir = tempDir('docker-test-nginx-');
  const port = options.port ?? (await freePort());
  const tls = Boolean(vars.NGINX_TLS_CERT || vars.NGINX_TLS_KEY);
  let tlsPort = tls ? await freePort() : undefined;
  // freePort closes its probe before answering: a second call may name the same port again.
  while (tlsPort === port) tlsPort = await freePort();
  const listen = {
    NGINX_LISTEN: `127.0.0.1:${port}`,
    NGINX_TLS_LISTEN: `127.0.0.1:${tlsPort ?? 0}`,
  };
  const site = envsubst(fs.readFileSync(NGINX_TEMPLATE, 'utf8'), { ...vars, ...listen });
  const left = unrendered(site);
  if (left.length) throw new Error(`template variables not set: ${left.join(', ')}`);
  fs.mkdirSync(path.join(dir, 'conf.d'));
  fs.writeFileSync(path.join(dir, 'conf.d/default.conf'), site);
  const script = runTlsScript({ ...vars, ...listen }, path.join(dir, 'conf.d'));
  if (script.status !== 0) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(`25-onboarding-tls.sh failed: ${script.stderr}${script.stdout}`);
  }
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
    tlsUrl: tlsPort === undefined ? undefined : `https://127.0.0.1:${tlsPort}`,
    tlsPort,
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
