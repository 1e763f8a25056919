/**
 * The gateway with the product registry behind it, for the screen tests: the shared stand-in
 * (`@test/fake-gateway`: declared operations only, requests checked against their schemas and
 * the CSRF header, answers against the response schemas, `fail`/`hold`) answering the
 * product_register operations from products and steps kept in memory the way the registry
 * keeps them (new steps at the end, update-step-order renumbers and deletes).
 */
import { productRegisterOps, type Product, type Step, type StepBody } from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import { FakeGateway, reply } from '@test/fake-gateway';

const ops = productRegisterOps;

const notFound = (what: string) => reply(404, { message: `${what} not found` });

export class RegistryGateway extends FakeGateway {
  products: Product[] = [];
  steps: Step[] = [];
  private nextProductId = 100;
  private nextStepId = 1000;

  constructor(seed: { products?: Product[]; steps?: Step[] } = {}) {
    super();
    this.products = [...(seed.products ?? [])];
    this.steps = [...(seed.steps ?? [])];
    const productOf = (query: Record<string, string>) =>
      this.products.find((p) => p.productId === Number(query.productId));
    const stepOf = (query: Record<string, string>) =>
      this.steps.find((s) => s.stepId === Number(query.stepId));

    this.on(ops.productList, () => ({ products: this.products }))
      .on(ops.productDetails, ({ query }) => {
        const product = productOf(query);
        return product ? { productDetails: product } : notFound('Product');
      })
      .on(ops.registerProduct, ({ body }) => {
        const input = body as { productName: string; productPath: string };
        this.products.push(fixtures.product({ ...input, productId: this.nextProductId++ }));
        return { message: 'Product registered successfully' };
      })
      .on(ops.updateProduct, ({ body }) => {
        const input = body as { productId: number; productName: string; productPath: string };
        const product = this.products.find((p) => p.productId === input.productId);
        if (!product) return notFound('Product');
        Object.assign(product, input);
        return { message: 'Product updated successfully' };
      })
      .on(ops.stepList, ({ query }) => ({ steps: this.stepsOf(Number(query.productId)) }))
      .on(ops.stepDetail, ({ query }) => {
        const step = stepOf(query);
        return step ? { stepDetail: step } : notFound('Step');
      })
      .on(ops.registerStep, ({ body }) => {
        const input = body as StepBody;
        const order = this.stepsOf(input.productId).length + 1;
        this.steps.push(fixtures.step({ ...input, stepId: this.nextStepId++, stepOrder: order }));
        return { message: 'Step registered successfully' };
      })
      .on(ops.updateStep, ({ query, body }) => {
        const step = stepOf(query);
        if (!step) return notFound('Step');
        Object.assign(step, body as StepBody);
        return { message: 'Step updated successfully' };
      })
      .on(ops.updateStepOrder, ({ body }) => {
        const input = body as {
          stepData: { id: number; order: number }[];
          stepToDelete: number[];
        };
        this.steps = this.steps.filter((s) => !input.stepToDelete.includes(s.stepId));
        for (const { id, order } of input.stepData) {
          const step = this.steps.find((s) => s.stepId === id);
          if (step) step.stepOrder = order;
        }
        return { message: 'Step order updated successfully' };
      });
  }

  stepsOf(productId: number): Step[] {
    return this.steps
      .filter((s) => s.productId === productId)
      .sort((a, b) => a.stepOrder - b.stepOrder);
  }
}
