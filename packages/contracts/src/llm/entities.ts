import { z } from '../core/zod.js';
import { TimestampSchema } from '../common/fields.js';

// The prompt service's own free-form object: kept whole (an update sends it back as it came).
export const PromptMetadataSchema = z.looseObject({
  name: z.string(),
  variables: z.record(z.string(), z.string()).check(z.describe('variable name → default value')),
});
export type PromptMetadata = z.infer<typeof PromptMetadataSchema>;

export const PromptSchema = z.object({
  prompt_id: z.number().check(z.int()),
  client_id: z.number().check(z.int()),
  client: z.string(),
  prompt: z.string(),
  business_context: z.nullable(z.string()),
  metadata: PromptMetadataSchema,
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
});
export type Prompt = z.infer<typeof PromptSchema>;

export const PromptClientOptionSchema = z.object({
  client_id: z.number().check(z.int()),
  client: z.string(),
});
export type PromptClientOption = z.infer<typeof PromptClientOptionSchema>;
