import { z } from 'zod';
import { defineArea, EmptyBodySchema, PlainIdSchema } from '../core/operation.js';
import { IdSchema, LongTextSchema, MessageResponseSchema } from '../common/fields.js';
import {
  PROMPT_VARIABLE_VALUE_MAX,
  PROMPT_VARIABLES_MAX,
  PromptVariableNameSchema,
} from '../rules/prompt.js';
import { PromptClientOptionSchema, PromptSchema } from './entities.js';

const P = '/api/proxy/llm/prompts';

/**
 * Metadata as the app sends it: the prompt's name and its variables' values. Keys follow the
 * form's placeholder rule, so any variable the form finds (`{{brand name}}`) can be saved.
 */
export const PromptMetadataInputSchema = z.strictObject({
  name: z.string().trim().min(1).max(200),
  variables: z
    .record(PromptVariableNameSchema, z.string().max(PROMPT_VARIABLE_VALUE_MAX))
    .refine(
      (v) => Object.keys(v).length <= PROMPT_VARIABLES_MAX,
      `At most ${PROMPT_VARIABLES_MAX} variables`,
    ),
});

const PromptIdParams = z.strictObject({ id: PlainIdSchema });

export const llmOps = defineArea(
  { area: 'llm', service: 'llm', prefix: P },
  {
    getAll: {
      method: 'GET',
      path: '/get-all',
      summary: 'Every prompt',
      response: z.array(PromptSchema),
      idempotent: true,
    },
    get: {
      method: 'GET',
      path: '/get/:id',
      summary: 'One prompt',
      params: PromptIdParams,
      response: PromptSchema,
      idempotent: true,
    },
    getAllClients: {
      method: 'GET',
      path: '/get-all-clients',
      summary: 'Clients a prompt can belong to (Common is id 1)',
      response: z.array(PromptClientOptionSchema),
      idempotent: true,
    },
    add: {
      method: 'POST',
      summary: 'Add a prompt (the client defaults to Common, id 1)',
      body: z.strictObject({
        clientId: IdSchema,
        prompt: LongTextSchema.min(1),
        clientName: z.string().trim().min(1).max(200),
        businessContext: LongTextSchema.optional(),
        metadata: PromptMetadataInputSchema,
      }),
      response: MessageResponseSchema,
    },
    update: {
      method: 'PUT',
      summary: "Change a prompt's text, business context and metadata",
      body: z.strictObject({
        newPrompt: LongTextSchema.min(1),
        newBusinessContext: LongTextSchema.optional(),
        promptId: IdSchema,
        metadata: PromptMetadataInputSchema,
      }),
      response: MessageResponseSchema,
    },
    delete: {
      method: 'DELETE',
      path: '/delete/:id',
      summary: 'Delete a prompt',
      params: PromptIdParams,
      body: EmptyBodySchema.optional(),
      response: MessageResponseSchema,
    },
  },
);
