/**
 * A stand-in for the gateway and the product registry behind it, for the screen tests (jsdom
 * has no network and no gateway). The screens' real api client calls `fetch`; this answers the
 * product_register operations only, checks each request's query and body against the
 * operation's own schemas (a request the real gateway would refuse is recorded as a violation
 * and answered 400), keeps products and steps in memory the way the registry does (new steps at
 * the end, update-step-order renumbers and deletes), and can fail or hold a call.
 */
import {
  productRegisterOps,
  type AnyOperation,
  type Product,
  type Step,
  type StepBody,
} from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';

export interface RecordedCall {
  op: string;
  query: Record<string, string>;
  body: unknown;
}

interface Fault {
  status: number;
  message: string;
}

type Answer = { status: number; body: unknown };

const ops = productRegisterOps;

export class RegistryGateway {
  readonly calls: RecordedCall[] = [];
  readonly violations: string[] = [];
  products: Product[] = [];
  steps: Step[] = [];
  private readonly faults = new Map<string, Fault>();
  private readonly holds = new Map<string, Promise<void>>();
  private readonly originalFetch = globalThis.fetch;
  private nextProductId = 100;
  private nextStepId = 1000;

  constructor(seed: { products?: Product[]; steps?: Step[] } = {}) {
    this.products = [...(seed.products ?? [])];
    this.steps = [...(seed.steps ?? [])];
  }

  /** Calls of `op` answer with this error envelope until `heal(op)`. */
  fail(op: AnyOperation, message = 'Upstream failed', status = 502): this {
    this.faults.set(op.id, { status, message });
    return this;
  }

  heal(op: AnyOperation): this {
    this.faults.delete(op.id);
    return this;
  }

  /** Calls of `op` wait until the returned function is called. */
  hold(op: AnyOperation): () => void {
    let release = () => {};
    this.holds.set(
      op.id,
      new Promise<void>((resolve) => {
        release = () => {
          this.holds.delete(op.id);
          resolve();
        };
      }),
    );
    return () => release();
  }

  callsTo(op: AnyOperation): RecordedCall[] {
    return this.calls.filter((c) => c.op === op.id);
  }

  stepsOf(productId: number): Step[] {
    return this.steps
      .filter((s) => s.productId === productId)
      .sort((a, b) => a.stepOrder - b.stepOrder);
  }

  install(): this {
    globalThis.fetch = ((input: string, init?: RequestInit) =>
      this.handle(String(input), init)) as typeof fetch;
    return this;
  }

  uninstall(): void {
    globalThis.fetch = this.originalFetch;
  }

  private async handle(url: string, init: RequestInit = {}): Promise<Response> {
    const { pathname, searchParams } = new URL(url, 'http://localhost');
    const method = init.method ?? 'GET';
    const op = Object.values(ops).find((o) => o.method === method && o.path === pathname) as
      AnyOperation | undefined;
    if (!op) {
      this.violations.push(`${method} ${pathname} is not a product_register operation`);
      return respond({ status: 404, body: envelope('NOT_FOUND', 'Not found') });
    }
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const query = Object.fromEntries(searchParams.entries());
    this.calls.push({ op: op.id, query, body });

    for (const [where, schema, value] of [
      ['query', op.query, query],
      ['body', op.body, body],
    ] as const) {
      if (!schema) continue;
      const parsed = schema.safeParse(value);
      if (!parsed.success) {
        this.violations.push(`${op.id}: invalid ${where}: ${parsed.error.message}`);
        return respond({ status: 400, body: envelope('VALIDATION_FAILED', 'Invalid request') });
      }
    }

    await this.holds.get(op.id);
    const fault = this.faults.get(op.id);
    if (fault) {
      return respond({ status: fault.status, body: envelope('UPSTREAM_ERROR', fault.message) });
    }
    const answer = this.answer(op, query, body);
    const checked = op.response.safeParse(answer.body);
    if (answer.status === 200 && !checked.success) {
      throw new Error(`The stand-in's answer to ${op.id} breaks its contract`);
    }
    return respond(answer);
  }

  private answer(op: AnyOperation, query: Record<string, string>, body: unknown): Answer {
    const productId = Number(query.productId);
    const stepId = Number(query.stepId);
    const ok = (value: unknown): Answer => ({ status: 200, body: value });
    const notFound = (what: string): Answer => ({
      status: 404,
      body: { message: `${what} not found` },
    });

    switch (op.id) {
      case ops.productList.id:
        return ok({ products: this.products });
      case ops.productDetails.id: {
        const product = this.products.find((p) => p.productId === productId);
        return product ? ok({ productDetails: product }) : notFound('Product');
      }
      case ops.registerProduct.id: {
        const input = body as { productName: string; productPath: string };
        const product = fixtures.product({ ...input, productId: this.nextProductId++ });
        this.products.push(product);
        return ok({ message: 'Product registered successfully' });
      }
      case ops.updateProduct.id: {
        const input = body as { productId: number; productName: string; productPath: string };
        const product = this.products.find((p) => p.productId === input.productId);
        if (!product) return notFound('Product');
        Object.assign(product, input);
        return ok({ message: 'Product updated successfully' });
      }
      case ops.stepList.id:
        return ok({ steps: this.stepsOf(productId) });
      case ops.stepDetail.id: {
        const step = this.steps.find((s) => s.stepId === stepId);
        return step ? ok({ stepDetail: step }) : notFound('Step');
      }
      case ops.registerStep.id: {
        const input = body as StepBody;
        const order = this.stepsOf(input.productId).length + 1;
        this.steps.push(fixtures.step({ ...input, stepId: this.nextStepId++, stepOrder: order }));
        return ok({ message: 'Step registered successfully' });
      }
      case ops.updateStep.id: {
        const step = this.steps.find((s) => s.stepId === stepId);
        if (!step) return notFound('Step');
        Object.assign(step, body as StepBody);
        return ok({ message: 'Step updated successfully' });
      }
      case ops.updateStepOrder.id: {
        const input = body as {
          stepData: { id: number; order: number }[];
          stepToDelete: number[];
        };
        this.steps = this.steps.filter((s) => !input.stepToDelete.includes(s.stepId));
        for (const { id, order } of input.stepData) {
          const step = this.steps.find((s) => s.stepId === id);
          if (step) step.stepOrder = order;
        }
        return ok({ message: 'Step order updated successfully' });
      }
      default:
        return { status: 500, body: envelope('INTERNAL', `No stand-in for ${op.id}`) };
    }
  }
}

function envelope(code: string, message: string) {
  return { error: { code, message, requestId: 'test-request' } };
}

function respond({ status, body }: Answer): Response {
  return {
    ok: status >= 200 && status < 300,
    status,
    text: () => Promise.resolve(JSON.stringify(body)),
  } as Response;
}
