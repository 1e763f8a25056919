import { z } from '../core/zod.js';

export const ProductSchema = z.object({
  productId: z.number().check(z.int()),
  productName: z.string(),
  productPath: z
    .string()
    .check(
      z.describe(
        "Path after the host; its first segment after the leading part is the product's retailer",
      ),
    ),
});
export type Product = z.infer<typeof ProductSchema>;

/**
 * The product's retailer, derived from its path: the first segment after the leading part
 * (`/dashboard/amazon/share-of-voice` → `amazon`; a one-segment path → that segment).
 */
export function deriveProductRetailer(productPath: string): string {
  const segments = productPath.trim().split('/').filter(Boolean);
  return segments[1] ?? segments[0] ?? '';
}

export const StepSchema = z.object({
  stepId: z.number().check(z.int()),
  productId: z.number().check(z.int()),
  stepName: z.string(),
  stepOrder: z.number().check(z.int()),
  pollingDelay: z.number().check(z.describe('minutes')),
  expectedExecutionTime: z.optional(z.nullable(z.number())).check(z.describe('minutes')),
  triggerPayload: z.string(),
  statusPayload: z.string(),
  requestIdPath: z.string(),
  statusPath: z.string(),
  statusMap: z.string(),
  isPolling: z.boolean(),
  isRefreshRequired: z.boolean(),
  shouldRunOnAdd: z.boolean(),
  shouldRunOnEdit: z.boolean(),
});
export type Step = z.infer<typeof StepSchema>;
