import type { AnyOperation } from '@onboarding/contracts';

/** A proxied operation found for a request, with its decoded path parameters. */
export interface ProxyMatch {
  readonly op: AnyOperation;
  readonly params: Record<string, string>;
}

interface ParamRoute {
  readonly op: AnyOperation;
  readonly pattern: RegExp;
  readonly names: readonly string[];
}

function decodeSegment(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    // Not valid percent-encoding: kept as sent, so the contract's id schema refuses it (400).
    return raw;
  }
}

/**
 * The table of proxied operations the proxy modules mount: exactly the declared method and path
 * of each (letter case and all, no trailing slash), nothing else. Paths without parameters are
 * one map lookup; the few with `:param` segments are matched by pattern.
 */
export class ProxyRoutes {
  private readonly exact = new Map<string, AnyOperation>();
  private readonly withParams = new Map<string, ParamRoute[]>();
  private readonly mounted: AnyOperation[] = [];

  /** Mounts one area's operations (a proxy module does this once, when the gateway starts). */
  mount(area: string, ops: readonly AnyOperation[]): void {
    for (const op of ops) {
      if (op.service === 'gateway') {
        throw new Error(`${op.id} is answered by the gateway, not proxied`);
      }
      if (this.find(op.method, op.path)) {
        throw new Error(`${area}: ${op.method} ${op.path} is mounted twice`);
      }
      this.mounted.push(op);
      const names: string[] = [];
      const source = op.path
        .split('/')
        .map((segment) => {
          if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          names.push(segment.slice(1));
          return '([^/]+)';
        })
        .join('/');
      if (names.length === 0) {
        this.exact.set(`${op.method} ${op.path}`, op);
      } else {
        const routes = this.withParams.get(op.method) ?? [];
        routes.push({ op, pattern: new RegExp(`^${source}$`), names });
        this.withParams.set(op.method, routes);
      }
    }
  }

  /** The operation declared for this method and path (no query string), if any. */
  match(method: string | undefined, path: string): ProxyMatch | undefined {
    const op = this.exact.get(`${method} ${path}`);
    if (op) return { op, params: {} };
    for (const route of this.withParams.get(method ?? '') ?? []) {
      const found = route.pattern.exec(path);
      if (!found) continue;
      const params: Record<string, string> = {};
      route.names.forEach((name, i) => (params[name] = decodeSegment(found[i + 1]!)));
      return { op: route.op, params };
    }
    return undefined;
  }

  /** Every mounted operation, in mounting order. */
  operations(): readonly AnyOperation[] {
    return this.mounted;
  }

  private find(method: string, path: string): boolean {
    return this.mounted.some((op) => op.method === method && op.path === path);
  }
}
