import { z } from '../core/zod.js';
import { defineArea, EmptyBodySchema, PlainIdSchema } from '../core/operation.js';
import {
  IdSchema,
  LongTextSchema,
  MessageResponseSchema,
  multilineText,
  plainText,
} from '../common/fields.js';
import {
  PROMPT_VARIABLE_VALUE_MAX,
  PROMPT_VARIABLES_MAX,
  PromptVariableNameSchema,
} from '../rules/prompt.js';
import { PromptClientOptionSchema, PromptSchema } from './entities.js';

/**
 * Metadata as the app sends it: the prompt's name and its variables' values. Keys follow the
 * form's placeholder rule, so any variable the form finds (`{{brand name}}`) can be saved.
 */
export const PromptMetadataInputSchema = z.strictObject({
  name: plainText().check(z.trim(), z.minLength(1), z.maxLength(200)),
  variables: z
    .record(PromptVariableNameSchema, multilineText().check(z.maxLength(PROMPT_VARIABLE_VALUE_MAX)))
    .check(
      z.refine(
        (v) => Object.keys(v).length <= PROMPT_VARIABLES_MAX,
        `At most ${PROMPT_VARIABLES_MAX} variables`,
      ),
    ),
});

const PromptIdParams = z.strictObject({ id: PlainIdSchema });

export const llmOps = defineArea(
  { area: 'llm', service: 'llm' },
  {
    getAll: {
      summary: 'Every prompt',
      example: {},
      response: z.array(PromptSchema),
      idempotent: true,
    },
    get: {
      summary: 'One prompt',
      params: PromptIdParams,
      example: { params: { id: '1' } },
      response: PromptSchema,
      idempotent: true,
    },
    getAllClients: {
      summary: 'Clients a prompt can belong to (Common is id 1)',
      example: {},
      response: z.array(PromptClientOptionSchema),
      idempotent: true,
    },
    add: {
      summary: 'Add a prompt (the client defaults to Common, id 1)',
      body: z.strictObject({
        clientId: IdSchema,
        prompt: LongTextSchema.check(z.minLength(1)),
        clientName: plainText().check(z.trim(), z.minLength(1), z.maxLength(200)),
        businessContext: z.optional(LongTextSchema),
        metadata: PromptMetadataInputSchema,
      }),
      example: {
        body: {
          clientId: 1,
          prompt: 'Describe {{brand}} performance.',
          clientName: 'Common',
          businessContext: 'Quarterly review',
          metadata: { name: 'Brand performance', variables: { brand: 'Acme' } },
        },
      },
      response: MessageResponseSchema,
    },
    update: {
      summary: "Change a prompt's text, business context and metadata",
      body: z.strictObject({
        newPrompt: LongTextSchema.check(z.minLength(1)),
        newBusinessContext: z.optional(LongTextSchema),
        promptId: IdSchema,
        metadata: PromptMetadataInputSchema,
      }),
      example: {
        body: {
          newPrompt: 'Describe {{brand}} performance in {{month}}.',
          newBusinessContext: '',
          promptId: 1,
          metadata: { name: 'Brand performance', variables: { brand: 'Acme', month: 'May' } },
        },
      },
      response: MessageResponseSchema,
    },
    delete: {
      summary: 'Delete a prompt',
      params: PromptIdParams,
      body: z.optional(EmptyBodySchema),
      example: { params: { id: '1' }, body: {} },
      response: MessageResponseSchema,
    },
  },
);
