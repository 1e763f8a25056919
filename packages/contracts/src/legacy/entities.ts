import { z } from '../core/zod.js';
import { TimestampSchema } from '../common/fields.js';
import { CountryCodeSchema, ModuleIdSchema } from '../enums.js';

export const ModuleSchema = z.object({
  id: ModuleIdSchema,
  name: z.string(),
  regions: z.array(z.string()).check(z.describe('geography values (country codes)')),
});
export type Module = z.infer<typeof ModuleSchema>;

/** A module as the legacy form keeps it: `isSelected` is form-only. */
export const ModuleFormSchema = z.object({
  id: ModuleIdSchema,
  name: z.string(),
  regions: z.array(CountryCodeSchema),
  isSelected: z.boolean(),
});
export type ModuleForm = z.infer<typeof ModuleFormSchema>;

const nullableDate = z.nullable(z.string()).check(z.describe('YYYY-MM-DD or null'));

export const LegacySetupSchema = z.object({
  setupId: z.number().check(z.int()),
  clientName: z.string(),
  startDate: nullableDate,
  avcDate: nullableDate,
  amsDate: nullableDate,
  currentStatus: z.string(),
  statusDetails: z.nullable(z.string()),
  expectedSignoffDate: nullableDate,
  modules: z.array(ModuleSchema),
  createdBy: z.nullable(z.string()),
  updatedBy: z.nullable(z.string()),
  updatedat: TimestampSchema,
  totalRecords: z
    .optional(z.number().check(z.int()))
    .check(z.describe('On the first row of the ongoing list')),
});
export type LegacySetup = z.infer<typeof LegacySetupSchema>;

export const StatusOptionSchema = z.object({ id: z.string(), name: z.string() });
export type StatusOption = z.infer<typeof StatusOptionSchema>;
