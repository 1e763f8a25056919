/** The Category Leaderboard pipeline, in order (docs/requirements.md#workflow-steps). */
export const CATEGORY_LEADERBOARD_STEPS = [
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

/** The one step an operator cannot re-trigger (docs/requirements.md#setup-actions-rules). */
export const NON_RETRIGGERABLE_STEP = 'ncs_client_db_setup';

export type StepStatus = 'not_started' | 'started' | 'in_progress' | 'completed' | 'failed';

/** Setup-row statuses are the upper-case form of the current step's status. */
export type RowStatus = 'NOT_STARTED' | 'STARTED' | 'IN_PROGRESS' | 'COMPLETED' | 'FAILED';

export function rowStatus(status: StepStatus): RowStatus {
  return status.toUpperCase() as RowStatus;
}

/** Why a step fails, as the real pipeline would report it. */
const FAILURE_REASONS: Record<string, string> = {
  crawling: 'Crawler timed out after 3 retries; 12 of 48 browse nodes were not fetched',
  ncs_client_db_setup: 'Could not create the client database: storage quota exceeded on ncs-2',
  ncs_client_db_config: 'Configuration rejected: 2 brands have no brand mapping',
  sti: 'STI job exited with code 137 (out of memory) while scoring search terms',
  pre_engineering: 'Source table sales_weekly has not been refreshed for the current week',
  sti_volume_trigger: 'Search volume provider answered HTTP 503 three times in a row',
  analytics: 'Task compute_category_share failed: no sales rows for the selected nodes',
  ncs_ui_trigger: 'Dashboard cache rebuild refused: another job holds the client lock',
  sov_wf: 'Share of Voice workflow stopped: the keyword list is empty for this retailer',
};

export function failureReason(stepName: string): string {
  return (
    FAILURE_REASONS[stepName] ??
    `Status endpoint answered ERROR for ${stepName}: the job was cancelled by the scheduler`
  );
}
