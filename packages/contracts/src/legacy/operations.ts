import { z } from 'zod';
import { defineArea, EmptyBodySchema } from '../core/operation.js';
import {
  ClientNameQuerySchema,
  DateSchema,
  ExistsResponseSchema,
  IdSchema,
  LimitSchema,
  MessageResponseSchema,
  OffsetSchema,
  SearchTextSchema,
} from '../common/fields.js';
import { LEGACY_CLIENT_NAME_PATTERN } from '../rules/patterns.js';
import { CountryCodeSchema, ModuleIdSchema } from '../enums.js';
import { LegacySetupSchema, StatusOptionSchema } from './entities.js';

/** The path repeats the customer-setup segment (docs/requirements.md#calls-legacy). */
const P = '/api/proxy/customer-setup/customer-setup/customersetup';

const optionalDate = DateSchema.nullable().optional();

/** A selected module as sent: only selected modules are sent. */
export const LegacyModuleInputSchema = z.strictObject({
  id: ModuleIdSchema,
  name: z.string().max(100),
  regions: z.array(CountryCodeSchema).max(20),
});

const legacyFields = {
  clientName: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(LEGACY_CLIENT_NAME_PATTERN, 'Special characters are not allowed'),
  startDate: optionalDate,
  avcDate: optionalDate,
  amsDate: optionalDate,
  currentStatus: z.string().trim().min(1).max(50),
  statusDetails: z.string().max(5000).nullable().optional(),
  expectedSignoffDate: optionalDate,
  modules: z.array(LegacyModuleInputSchema).max(20),
};

export const legacyOps = defineArea(
  { area: 'customersetup', service: 'customer-setup', prefix: P },
  {
    ongoing: {
      method: 'POST',
      summary: 'One page of ongoing legacy setups (totalRecords on the first item)',
      body: z.strictObject({
        searchText: SearchTextSchema,
        limit: LimitSchema,
        offset: OffsetSchema,
      }),
      response: z.array(LegacySetupSchema),
      idempotent: true,
    },
    completed: {
      method: 'POST',
      summary: 'Every completed legacy setup',
      body: EmptyBodySchema,
      response: z.array(LegacySetupSchema),
      idempotent: true,
    },
    status: {
      method: 'POST',
      summary: 'The status options (one id is completed)',
      body: EmptyBodySchema,
      response: z.array(StatusOptionSchema),
      idempotent: true,
    },
    isClientExists: {
      method: 'POST',
      summary: 'Whether a legacy setup already exists for this client name (lower-cased)',
      body: z.strictObject({ clientName: ClientNameQuerySchema }),
      response: ExistsResponseSchema,
      idempotent: true,
    },
    addNewSetup: {
      method: 'POST',
      summary: 'Add a legacy setup with its selected modules',
      body: z.strictObject({
        ...legacyFields,
        createdBy: z.string().max(320).optional().describe('Set by the gateway from the session'),
      }),
      response: MessageResponseSchema,
      identity: ['createdBy'],
    },
    getSetup: {
      method: 'POST',
      summary: 'One legacy setup',
      body: z.strictObject({ setupId: IdSchema }),
      response: LegacySetupSchema,
      idempotent: true,
    },
    editSetup: {
      method: 'POST',
      summary: 'Change a legacy setup (currentStatus completed marks it complete)',
      body: z.strictObject({
        ...legacyFields,
        clientName: z
          .string()
          .trim()
          .min(1)
          .max(100)
          .describe(
            'The stored name, sent back unchanged: read-only in edit, so the add rule (letters, digits, spaces, hyphens) does not apply',
          ),
        setupId: IdSchema,
        updatedBy: z.string().max(320).optional().describe('Set by the gateway from the session'),
      }),
      response: MessageResponseSchema,
      identity: ['updatedBy'],
    },
  },
);
