import { z } from 'zod';
import { TimestampSchema } from '../common/fields.js';
import { CountryCodeSchema, ModuleIdSchema } from '../enums.js';

export const ModuleSchema = z.object({
  id: ModuleIdSchema,
  name: z.string(),
  regions: z.array(z.string()).describe('geography values (country codes)'),
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

const nullableDate = z.string().nullable().describe('YYYY-MM-DD or null');

export const LegacySetupSchema = z.object({
  setupId: z.number().int(),
  clientName: z.string(),
  startDate: nullableDate,
  avcDate: nullableDate,
  amsDate: nullableDate,
  currentStatus: z.string(),
  statusDetails: z.string().nullable(),
  expectedSignoffDate: nullableDate,
  modules: z.array(ModuleSchema),
  createdBy: z.string().nullable(),
  updatedBy: z.string().nullable(),
  updatedat: TimestampSchema,
  totalRecords: z.number().int().optional().describe('On the first row of the ongoing list'),
});
export type LegacySetup = z.infer<typeof LegacySetupSchema>;

export const StatusOptionSchema = z.object({ id: z.string(), name: z.string() });
export type StatusOption = z.infer<typeof StatusOptionSchema>;
