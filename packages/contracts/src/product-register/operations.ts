import { z } from 'zod';
import { EmptyBodySchema, defineArea, QueryIntIdSchema } from '../core/operation.js';
import { IdSchema, LongTextSchema, MessageResponseSchema, TextSchema } from '../common/fields.js';
import { ProductSchema, StepSchema } from './entities.js';

const P = '/api/proxy/customer-setup/product_register';

const ProductIdQuery = z.strictObject({ productId: QueryIntIdSchema });
const StepIdQuery = z.strictObject({ stepId: QueryIntIdSchema });

export const ProductBodySchema = z.strictObject({
  productName: z.string().trim().min(1).max(200),
  productPath: z.string().trim().min(1).max(500),
});

/** The body of register-step and update-step. */
export const StepBodySchema = z.strictObject({
  stepName: z.string().trim().min(1).max(200),
  productId: IdSchema,
  pollingDelay: z.number().min(0).max(100_000).describe('minutes'),
  expectedExecutionTime: z.number().min(0).max(100_000).nullable().describe('minutes, optional'),
  triggerPayload: LongTextSchema.min(1),
  statusPayload: LongTextSchema.min(1),
  requestIdPath: TextSchema.min(1),
  statusPath: TextSchema.min(1),
  isPolling: z.boolean(),
  isRefreshRequired: z.boolean(),
  shouldRunOnAdd: z.boolean(),
  shouldRunOnEdit: z.boolean(),
  statusMap: LongTextSchema.min(1),
});
export type StepBody = z.infer<typeof StepBodySchema>;

export const productRegisterOps = defineArea(
  { area: 'product_register', service: 'customer-setup', prefix: P },
  {
    productList: {
      method: 'POST',
      path: '/product-list',
      summary: 'Every registered product',
      body: EmptyBodySchema,
      response: z.object({ products: z.array(ProductSchema) }),
      idempotent: true,
    },
    productDetails: {
      method: 'POST',
      path: '/product-details',
      summary: 'One product',
      query: ProductIdQuery,
      body: EmptyBodySchema,
      response: z.object({ productDetails: ProductSchema }),
      idempotent: true,
    },
    registerProduct: {
      method: 'POST',
      path: '/register-product',
      summary: 'Register a product (name and URL path)',
      body: ProductBodySchema,
      response: MessageResponseSchema,
    },
    updateProduct: {
      method: 'POST',
      path: '/update-product',
      summary: "Change a product's name or URL path",
      body: ProductBodySchema.extend({ productId: IdSchema }),
      response: MessageResponseSchema,
    },
    stepList: {
      method: 'POST',
      path: '/step-list',
      summary: "A product's workflow steps",
      query: ProductIdQuery,
      body: EmptyBodySchema,
      response: z.object({ steps: z.array(StepSchema) }),
      idempotent: true,
    },
    updateStepOrder: {
      method: 'POST',
      path: '/update-step-order',
      summary: "Save a product's step order (renumbered from 1) and delete steps",
      query: ProductIdQuery,
      body: z.strictObject({
        stepData: z
          .array(z.strictObject({ id: IdSchema, order: z.number().int().min(1).max(1000) }))
          .max(1000),
        stepToDelete: z.array(IdSchema).max(1000),
      }),
      response: MessageResponseSchema,
    },
    stepDetail: {
      method: 'POST',
      path: '/step-detail',
      summary: 'One step',
      query: StepIdQuery,
      body: EmptyBodySchema,
      response: z.object({ stepDetail: StepSchema }),
      idempotent: true,
    },
    registerStep: {
      method: 'POST',
      path: '/register-step',
      summary: 'Add a step at the end of a product workflow',
      body: StepBodySchema,
      response: MessageResponseSchema,
    },
    updateStep: {
      method: 'POST',
      path: '/update-step',
      summary: 'Change a step',
      query: StepIdQuery,
      body: StepBodySchema,
      response: MessageResponseSchema,
    },
  },
);
