import { z } from '../core/zod.js';
import { EmptyBodySchema, defineArea, QueryIntIdSchema } from '../core/operation.js';
import {
  IdSchema,
  LongTextSchema,
  MessageResponseSchema,
  plainText,
  TextSchema,
} from '../common/fields.js';
import { ProductSchema, StepSchema } from './entities.js';

const ProductIdQuery = z.strictObject({ productId: QueryIntIdSchema });
const StepIdQuery = z.strictObject({ stepId: QueryIntIdSchema });

export const ProductBodySchema = z.strictObject({
  productName: plainText().check(z.trim(), z.minLength(1), z.maxLength(200)),
  productPath: plainText().check(z.trim(), z.minLength(1), z.maxLength(500)),
});

/** The body of register-step and update-step. */
export const StepBodySchema = z.strictObject({
  stepName: plainText().check(z.trim(), z.minLength(1), z.maxLength(200)),
  productId: IdSchema,
  pollingDelay: z.number().check(z.gte(0), z.lte(100_000), z.describe('minutes')),
  expectedExecutionTime: z
    .nullable(z.number().check(z.gte(0), z.lte(100_000)))
    .check(z.describe('minutes, optional')),
  triggerPayload: LongTextSchema.check(z.minLength(1)),
  statusPayload: LongTextSchema.check(z.minLength(1)),
  requestIdPath: TextSchema.check(z.minLength(1)),
  statusPath: TextSchema.check(z.minLength(1)),
  isPolling: z.boolean(),
  isRefreshRequired: z.boolean(),
  shouldRunOnAdd: z.boolean(),
  shouldRunOnEdit: z.boolean(),
  statusMap: LongTextSchema.check(z.minLength(1)),
});
export type StepBody = z.infer<typeof StepBodySchema>;

/** The example step of register-step and update-step (API docs). */
const STEP_EXAMPLE = {
  stepName: 'crawl_keywords',
  productId: 1,
  pollingDelay: 5,
  expectedExecutionTime: 30,
  triggerPayload: '{"job":"crawl"}',
  statusPayload: '{"requestId":"{{requestId}}"}',
  requestIdPath: 'data.requestId',
  statusPath: 'data.status',
  isPolling: true,
  isRefreshRequired: true,
  shouldRunOnAdd: false,
  shouldRunOnEdit: false,
  statusMap: '{"DONE":"completed"}',
};

export const productRegisterOps = defineArea(
  { area: 'product_register', service: 'customer-setup' },
  {
    productList: {
      summary: 'Every registered product',
      body: EmptyBodySchema,
      example: { body: {} },
      response: z.object({ products: z.array(ProductSchema) }),
      idempotent: true,
    },
    productDetails: {
      summary: 'One product',
      query: ProductIdQuery,
      body: EmptyBodySchema,
      example: { query: { productId: '1' }, body: {} },
      response: z.object({ productDetails: ProductSchema }),
      idempotent: true,
    },
    registerProduct: {
      summary: 'Register a product (name and URL path)',
      body: ProductBodySchema,
      example: {
        body: { productName: 'Digital Shelf', productPath: '/dashboard/walmart/digital-shelf' },
      },
      response: MessageResponseSchema,
    },
    updateProduct: {
      summary: "Change a product's name or URL path",
      body: z.extend(ProductBodySchema, { productId: IdSchema }),
      example: {
        body: {
          productId: 1,
          productName: 'Share of Voice',
          productPath: '/dashboard/amazon/share-of-voice',
        },
      },
      response: MessageResponseSchema,
    },
    stepList: {
      summary: "A product's workflow steps",
      query: ProductIdQuery,
      body: EmptyBodySchema,
      example: { query: { productId: '1' }, body: {} },
      response: z.object({ steps: z.array(StepSchema) }),
      idempotent: true,
    },
    updateStepOrder: {
      summary: "Save a product's step order (renumbered from 1) and delete steps",
      query: ProductIdQuery,
      body: z.strictObject({
        stepData: z
          .array(
            z.strictObject({
              id: IdSchema,
              order: z.number().check(z.int(), z.gte(1), z.lte(1000)),
            }),
          )
          .check(z.maxLength(1000)),
        stepToDelete: z.array(IdSchema).check(z.maxLength(1000)),
      }),
      example: {
        query: { productId: '1' },
        body: { stepData: [{ id: 1, order: 1 }], stepToDelete: [] },
      },
      response: MessageResponseSchema,
    },
    stepDetail: {
      summary: 'One step',
      query: StepIdQuery,
      body: EmptyBodySchema,
      example: { query: { stepId: '1' }, body: {} },
      response: z.object({ stepDetail: StepSchema }),
      idempotent: true,
    },
    registerStep: {
      summary: 'Add a step at the end of a product workflow',
      body: StepBodySchema,
      example: {
        body: STEP_EXAMPLE,
      },
      response: MessageResponseSchema,
    },
    updateStep: {
      summary: 'Change a step',
      query: StepIdQuery,
      body: StepBodySchema,
      example: {
        query: { stepId: '1' },
        body: STEP_EXAMPLE,
      },
      response: MessageResponseSchema,
    },
  },
);
