import {
  type Context,
  context,
  propagation,
  type TextMapPropagator,
  type TextMapSetter,
  trace,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PinoInstrumentation } from '@opentelemetry/instrumentation-pino';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { register } from 'node:module';
import type { GatewayConfig } from '../config/app-config.js';
import { operationOf } from '../metrics/operations.js';

/** Modules patched for tracing; the ESM loader hook leaves every other module alone. */
const INSTRUMENTED = ['http', 'node:http', 'https', 'node:https', 'pino'];
/** Probes polled every few seconds: no trace of their own (docs: README.md#metrics). */
const PROBES = new Set(['/api/health', '/api/ready']);
/** The sign-in callback's query: the authorization code and its state never leave in a span. */
const REDACTED_QUERY = ['code', 'state', 'iss', 'session_state'];

/**
 * Trace context goes upstream, none is taken from callers: the gateway is the edge, and a
 * browser's `traceparent` would pick the trace id and sampling of what reaches the upstreams.
 */
class OutgoingTraceContext implements TextMapPropagator {
  private readonly w3c = new W3CTraceContextPropagator();
  inject(ctx: Context, carrier: unknown, setter: TextMapSetter): void {
    this.w3c.inject(ctx, carrier, setter);
  }
  extract(ctx: Context): Context {
    return ctx;
  }
  fields(): string[] {
    return this.w3c.fields();
  }
}

let provider: TracerProvider | undefined;

/**
 * Started before the gateway is imported (main.ts): the hook patches modules as they first load.
 * The exporter reads OTEL_EXPORTER_OTLP_* itself.
 */
export function startTracing(settings: NonNullable<GatewayConfig['tracing']>): void {
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url, {
    data: { include: INSTRUMENTED },
  });
  provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': settings.serviceName }),
    spanProcessors: [new BatchSpanProcessor({ exporter: new OTLPTraceExporter() })],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new OutgoingTraceContext());
  trace.setGlobalTracerProvider(provider);
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req) => PROBES.has((req.url ?? '').split('?')[0]!),
        // Only calls made for a request: not readiness probes, nor the exporter's own.
        requireParentforOutgoingSpans: true,
        redactedQueryParamsServer: REDACTED_QUERY,
        applyCustomAttributesOnSpan: (span, request) => {
          if ('setHeader' in request) return; // a ClientRequest: the upstream call's span
          const path = (request.url ?? '').split('?')[0]!;
          const operation = operationOf(request.method ?? 'GET', path);
          span.updateName(`${request.method} ${operation}`);
          span.setAttribute('onboarding.operation', operation);
        },
      }),
      new PinoInstrumentation({
        logKeys: { traceId: 'traceId', spanId: 'spanId', traceFlags: 'traceFlags' },
        disableLogSending: true, // the log lines stay on stdout
      }),
    ],
  });
}

/** Exports the spans still waiting in their batch, then stops (the gateway's shutdown). */
export async function stopTracing(): Promise<void> {
  await provider?.shutdown();
}
