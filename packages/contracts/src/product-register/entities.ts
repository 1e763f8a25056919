import { z } from 'zod';

export const ProductSchema = z.object({
  productId: z.number().int(),
  productName: z.string(),
  productPath: z
    .string()
    .describe(
      "Path after the host; its first segment after the leading part is the product's retailer",
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
  stepId: z.number().int(),
  productId: z.number().int(),
  stepName: z.string(),
  stepOrder: z.number().int(),
  pollingDelay: z.number().describe('minutes'),
  expectedExecutionTime: z.number().nullable().optional().describe('minutes'),
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
