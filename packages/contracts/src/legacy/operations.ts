import { z } from '../core/zod.js';
import { defineArea, EmptyBodySchema } from '../core/operation.js';
import {
  ClientNameQuerySchema,
  DateSchema,
  ExistsResponseSchema,
  IdSchema,
  LimitSchema,
  MessageResponseSchema,
  multilineText,
  OffsetSchema,
  plainText,
  SearchTextSchema,
  SessionIdentitySchema,
} from '../common/fields.js';
import { LEGACY_CLIENT_NAME_PATTERN } from '../rules/patterns.js';
import { CountryCodeSchema, ModuleIdSchema } from '../enums.js';
import { LegacySetupSchema, StatusOptionSchema } from './entities.js';

const optionalDate = z.optional(z.nullable(DateSchema));

/** A selected module as sent: only selected modules are sent. */
export const LegacyModuleInputSchema = z.strictObject({
  id: ModuleIdSchema,
  name: plainText().check(z.maxLength(100)),
  regions: z.array(CountryCodeSchema).check(z.maxLength(20)),
});

const legacyFields = {
  clientName: z
    .string()
    .check(
      z.trim(),
      z.minLength(1),
      z.maxLength(100),
      z.regex(LEGACY_CLIENT_NAME_PATTERN, 'Special characters are not allowed'),
    ),
  startDate: optionalDate,
  avcDate: optionalDate,
  amsDate: optionalDate,
  currentStatus: plainText().check(z.trim(), z.minLength(1), z.maxLength(50)),
  statusDetails: z.optional(z.nullable(multilineText().check(z.maxLength(5000)))),
  expectedSignoffDate: optionalDate,
  modules: z.array(LegacyModuleInputSchema).check(z.maxLength(20)),
};

/** The example setup of addNewSetup and editSetup (API docs). */
const LEGACY_EXAMPLE = {
  clientName: 'Initech',
  startDate: '2026-11-01',
  avcDate: null,
  amsDate: null,
  currentStatus: 'onTrack',
  statusDetails: 'Kick-off done',
  expectedSignoffDate: '2026-12-20',
  modules: [{ id: 'ciqSales', name: 'CIQ Sales', regions: ['US'] }],
};

export const legacyOps = defineArea(
  { area: 'customersetup', service: 'customer-setup' },
  {
    ongoing: {
      summary: 'One page of ongoing legacy setups (totalRecords on the first item)',
      body: z.strictObject({
        searchText: SearchTextSchema,
        limit: LimitSchema,
        offset: OffsetSchema,
      }),
      example: { body: { searchText: '', limit: 20, offset: 0 } },
      response: z.array(LegacySetupSchema),
      idempotent: true,
    },
    completed: {
      summary: 'Every completed legacy setup',
      body: EmptyBodySchema,
      example: { body: {} },
      response: z.array(LegacySetupSchema),
      idempotent: true,
    },
    status: {
      summary: 'The status options (one id is completed)',
      body: EmptyBodySchema,
      example: { body: {} },
      response: z.array(StatusOptionSchema),
      idempotent: true,
    },
    isClientExists: {
      summary: 'Whether a legacy setup already exists for this client name (lower-cased)',
      body: z.strictObject({ clientName: ClientNameQuerySchema }),
      example: { body: { clientName: 'initech' } },
      response: ExistsResponseSchema,
      idempotent: true,
    },
    addNewSetup: {
      summary: 'Add a legacy setup with its selected modules',
      body: z.strictObject({
        ...legacyFields,
        createdBy: SessionIdentitySchema,
      }),
      example: {
        body: LEGACY_EXAMPLE,
      },
      response: MessageResponseSchema,
      identity: ['createdBy'],
    },
    getSetup: {
      summary: 'One legacy setup',
      body: z.strictObject({ setupId: IdSchema }),
      example: { body: { setupId: 1 } },
      response: LegacySetupSchema,
      idempotent: true,
    },
    editSetup: {
      summary: 'Change a legacy setup (currentStatus completed marks it complete)',
      body: z.strictObject({
        ...legacyFields,
        clientName: plainText().check(
          z.trim(),
          z.minLength(1),
          z.maxLength(100),
          z.describe(
            'The stored name, sent back unchanged: read-only in edit, so the add rule (letters, digits, spaces, hyphens) does not apply',
          ),
        ),
        setupId: IdSchema,
        updatedBy: SessionIdentitySchema,
      }),
      example: {
        body: { ...LEGACY_EXAMPLE, setupId: 1 },
      },
      response: MessageResponseSchema,
      identity: ['updatedBy'],
    },
  },
);
