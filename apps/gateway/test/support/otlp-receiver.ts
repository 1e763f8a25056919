import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedSpan {
  readonly traceId: string;
  readonly spanId: string;
  readonly parentSpanId?: string;
  readonly name: string;
  /** OTLP's SpanKind: 2 server, 3 client. */
  readonly kind: number;
  readonly attributes: Record<string, unknown>;
  /** The resource's attributes (service.name…). */
  readonly resource: Record<string, unknown>;
}

type KeyValues = { key: string; value: Record<string, unknown> }[] | undefined;
const attributesOf = (list: KeyValues) =>
  Object.fromEntries((list ?? []).map(({ key, value }) => [key, Object.values(value)[0]]));

/**
 * An OTLP/HTTP collector's stand-in: records every export request (the gateway sends JSON) and
 * answers it as a collector does.
 */
export class OtlpReceiver {
  readonly requests: { path: string; contentType: string; body: string }[] = [];
  private readonly server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      this.requests.push({
        path: req.url ?? '',
        contentType: String(req.headers['content-type']),
        body: Buffer.concat(chunks).toString(),
      });
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Every span of every trace export received. */
  spans(): ReceivedSpan[] {
    return this.requests
      .filter((r) => r.path === '/v1/traces')
      .flatMap((r) => {
        const body = JSON.parse(r.body) as {
          resourceSpans: {
            resource?: { attributes?: KeyValues };
            scopeSpans: {
              spans: (Omit<ReceivedSpan, 'attributes' | 'resource'> & {
                attributes?: KeyValues;
              })[];
            }[];
          }[];
        };
        return body.resourceSpans.flatMap((rs) =>
          rs.scopeSpans.flatMap((ss) =>
            ss.spans.map((span) => ({
              ...span,
              attributes: attributesOf(span.attributes),
              resource: attributesOf(rs.resource?.attributes),
            })),
          ),
        );
      });
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }
}
