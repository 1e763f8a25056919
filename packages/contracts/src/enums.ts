import { z } from './core/zod.js';

/** Category Leaderboard workflow step keys, in run order (docs/requirements.md#workflow-steps). */
export const WORKFLOW_STEP_KEYS = [
  'crawling',
  'ncs_client_db_setup',
  'ncs_client_db_config',
  'sti',
  'pre_engineering',
  'sti_volume_trigger',
  'analytics',
  'ncs_ui_trigger',
  'sov_wf',
] as const;
export type WorkflowStepKey = (typeof WORKFLOW_STEP_KEYS)[number];

/** Display labels of the step keys (the spec names `sov_wf`; the others follow its pattern). */
export const WORKFLOW_STEP_LABELS: Readonly<Record<WorkflowStepKey, string>> = {
  crawling: 'Crawling',
  ncs_client_db_setup: 'NCS Client DB Setup',
  ncs_client_db_config: 'NCS Client DB Config',
  sti: 'STI',
  pre_engineering: 'Pre Engineering',
  sti_volume_trigger: 'STI Volume Trigger',
  analytics: 'Analytics',
  ncs_ui_trigger: 'NCS UI Trigger',
  sov_wf: 'Share of Voice WF',
};

/** The step that can never be re-triggered. */
export const NON_RETRIGGERABLE_STEP = 'ncs_client_db_setup';

/**
 * A step's label: the lookup for known keys; a product's step registered as a key
 * (`catalog_sync`) in words, each capitalised (`Catalog Sync`); any other name as registered.
 */
export function stepLabel(stepName: string | null | undefined): string {
  if (!stepName) return '';
  const known = (WORKFLOW_STEP_LABELS as Record<string, string>)[stepName];
  if (known) return known;
  if (!/^[a-z0-9]+(_[a-z0-9]+)*$/.test(stepName)) return stepName.replace(/_/g, ' ');
  return stepName
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** Run statuses of one workflow step (lower case on the wire). */
export const STEP_RUN_STATUSES = [
  'not_started',
  'started',
  'in_progress',
  'completed',
  'failed',
] as const;
export const StepRunStatusSchema = z.enum(STEP_RUN_STATUSES);
export type StepRunStatus = z.infer<typeof StepRunStatusSchema>;
export const TERMINAL_STEP_STATUSES: readonly string[] = ['completed', 'failed'];

/** Setup statuses (upper case). Only these three are named; others are shown as received. */
export const SETUP_STATUS = {
  COMPLETED: 'COMPLETED',
  FAILED: 'FAILED',
  NOT_STARTED: 'NOT_STARTED',
} as const;
export const SetupStatusSchema = z
  .string()
  .check(
    z.minLength(1),
    z.describe('COMPLETED, FAILED, NOT_STARTED, or another status passed through as received'),
  );

/** Legacy modules: ids and labels (docs/requirements.md#legacy-module-ids). */
export const MODULE_IDS = [
  'ciqSales',
  'ciqAdvAmazon',
  'ciqAdvAmazonAdditional',
  'ciqAdvWalmart',
  'ciqAdvTarget',
  'ciqAdvInstacart',
  'amazonFresh',
  'rra',
  'marketInsight',
  'myciq',
] as const;
export const ModuleIdSchema = z.enum(MODULE_IDS);
export type ModuleId = z.infer<typeof ModuleIdSchema>;
export const MODULE_LABELS: Readonly<Record<ModuleId, string>> = {
  ciqSales: 'CIQ Sales',
  ciqAdvAmazon: 'CIQ Adv for Amazon',
  ciqAdvAmazonAdditional: 'CIQ Adv for Amazon (Addition of Profile)',
  ciqAdvWalmart: 'CIQ Adv for Walmart',
  ciqAdvTarget: 'CIQ Adv for Target',
  ciqAdvInstacart: 'CIQ Adv for Instacart',
  amazonFresh: 'Amazon Fresh',
  rra: 'RRA',
  marketInsight: 'Market Insights',
  myciq: 'MyCIQ',
};
/** The module whose retailer details go in the status notes. */
export const MARKET_INSIGHT_MODULE: ModuleId = 'marketInsight';

/** Client or project status labels. */
export const CLIENT_STATUS_LABELS = {
  onTrack: 'On Track',
  delayed: 'Delayed',
  blocked: 'Blocked',
  active: 'Active',
  completed: 'Completed',
  churned: 'Churned',
} as const;
export type ClientStatus = keyof typeof CLIENT_STATUS_LABELS;

/** The legacy status id that marks a setup complete. */
export const LEGACY_COMPLETED_STATUS = 'completed';

/** Country codes (legacy module regions). */
export const COUNTRY_CODES = ['US', 'CA', 'UK', 'Fr', 'De', 'IT', 'ES'] as const;
export const CountryCodeSchema = z.enum(COUNTRY_CODES);
export type CountryCode = z.infer<typeof CountryCodeSchema>;

/** Setup regions offered for prospects: US only. */
export const SETUP_REGIONS = ['US'] as const;
export const SetupRegionSchema = z.enum(SETUP_REGIONS);
export type SetupRegion = z.infer<typeof SetupRegionSchema>;

/** Retailer groups. */
export const PROJECT_SOURCES = ['REM', 'MARKETSHARE'] as const;
export const ProjectSourceSchema = z.enum(PROJECT_SOURCES);
export type ProjectSource = z.infer<typeof ProjectSourceSchema>;

/** Weekdays of a schedule, in order. */
export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export const WeekdaySchema = z.enum(WEEKDAYS);
export type Weekday = z.infer<typeof WeekdaySchema>;
