import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { todayUtc } from '@onboarding/contracts';
import { useCallback, useId, useMemo, useReducer, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useKeepDraft, useRestoredDraft } from '@/lib/drafts';
import { LeaveGuard } from '@/lib/leave-guard';
import type { FormMode } from '@/lib/routes';
import type { SetupFlow } from '@/lib/setup-flow';
import { UpdateReviewDialog } from '@/lib/update-review';
import { searchBrowseNodes, type NodeSearchFn } from '../api/search-browse-nodes';
import { useNameCheck } from '../hooks/use-name-check';
import { useClientSwitch } from '../hooks/use-client-switch';
import { useFormHandlers } from '../hooks/use-form-handlers';
import { useSetupSubmit } from '../hooks/use-setup-submit';
import type { EditContext } from '../utils/edit-state';
import { parseSetupDraft } from '../utils/draft';
import { setupFormReducer, snapshot, type SetupFormValues } from '../utils/form-state';
import { optionOf, type RetailerOption } from '../utils/retailers';
import { scheduleErrors } from '../utils/validation';
import { BrowseNodePicker } from './browse-node-picker';
import { ClientPicker } from './client-picker';
import {
  BrandsField,
  EditedClientField,
  FormActions,
  FormSection,
  NodeColumns,
} from './form-sections';
import { ProspectFields } from './prospect-fields';
import { RetailerChecklist } from './retailer-checklist';
import { ScheduleSection } from './schedule-section';
import { SelectedNodesPanel } from './selected-nodes-panel';
import { SimilarCustomers } from './similar-customers';

const HEADINGS: Record<FormMode, string> = {
  prospect: 'Add New Setup for Prospect',
  client: 'Add New Setup For Existing Client',
  edit: 'Edit Setup',
};
const SUB_HEADING = 'Fill in the below details to setup the Dashboard';

export interface SetupFormProps {
  flow: SetupFlow;
  mode: FormMode;
  initial: SetupFormValues;
  retailerOptions: readonly RetailerOption[];
  retailersLoading?: boolean;
  retailerError: string | null;
  edit?: EditContext;
  /** Values carried over from another form: leaving asks even before an edit. */
  startsDirty?: boolean;
  /** Under the heading: what the setup belongs to (a product's name). */
  headingNote?: ReactNode;
  /** Where node results come from (the gateway unless a harness passes its own). */
  search?: NodeSearchFn;
  /** Pinned in tests; otherwise today in UTC, the operator's zone and now. */
  today?: string;
  timeZone?: string;
  now?: Date;
}

/**
 * The new / edit setup form of both flows (docs/requirements.md#setup-form): the client (prospect
 * name and region, a picked existing client, or the read-only name when editing), retailers,
 * brands, browse nodes per retailer and, where offered, the schedule.
 */
export function SetupForm({
  flow,
  mode,
  initial,
  retailerOptions,
  retailersLoading = false,
  retailerError,
  edit,
  startsDirty = false,
  headingNote,
  search = searchBrowseNodes,
  today: todayProp,
  timeZone,
  now,
}: SetupFormProps) {
  const headingId = useId();
  const navigate = useNavigate();
  // What the operator had entered when a session end took them to sign in (lib/drafts.ts).
  const draft = useRestoredDraft('setup', parseSetupDraft);
  const [state, dispatch] = useReducer(setupFormReducer, {
    values: draft ?? initial,
    nodeLimitRetailerId: null,
  });
  const v = state.values;
  const [today] = useState(() => todayProp ?? todayUtc());

  const initialSnapshot = useMemo(() => snapshot(initial), [initial]);
  const dirty = startsDirty || draft !== undefined || snapshot(v) !== initialSnapshot;
  useKeepDraft('setup', v, dirty);
  const submitButton = useRef<HTMLButtonElement>(null);

  const optionsById = useMemo(
    () => new Map(retailerOptions.map((o) => [o.retailerId, o])),
    [retailerOptions],
  );
  const selectedRetailers = useMemo(
    () => v.retailerIds.map((id) => optionOf(optionsById, id)),
    [v.retailerIds, optionsById],
  );

  const scheduleErrs = useMemo(
    () => scheduleErrors(v.schedule, today, edit?.storedStartDate),
    [v.schedule, today, edit?.storedStartDate],
  );
  const scheduleInvalid = Object.keys(scheduleErrs).length > 0;
  const submit = useSetupSubmit({
    flow,
    mode,
    values: v,
    selectedRetailers,
    edit,
    storedSelections: initial.selections,
    retailerOptions: optionsById,
    scheduleInvalid,
    dispatch,
    submitButton,
  });
  const { submitting, canSubmit, banner, onSubmit, isRegistered, allowLeave } = submit;
  const nameCheck = useNameCheck({ flow, clientName: v.clientName, dispatch, isRegistered });

  const onUseClient = useClientSwitch({
    flow,
    mode,
    initial,
    values: v,
    onPickClient: nameCheck.onPickClient,
    permitLeave: submit.permitLeave,
  });
  const handlers = useFormHandlers(dispatch);
  const onCancel = useCallback(() => void navigate(flow.routes.list()), [navigate, flow]);

  return (
    <Paper
      component="form"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={headingId}
      variant="outlined"
      sx={{ p: { xs: 2, md: 3 } }}
    >
      <Typography id={headingId} component="h1" variant="h1">
        {HEADINGS[mode]}
      </Typography>
      {headingNote}
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {SUB_HEADING}
      </Typography>

      <Stack spacing={3}>
        {mode === 'prospect' ? (
          <ProspectFields
            clientName={v.clientName}
            error={v.clientNameErrorMessage}
            checking={nameCheck.checking}
            region={v.region}
            onNameChange={nameCheck.onNameChange}
            onNameBlur={nameCheck.onNameBlur}
            onRegionChange={handlers.onRegionChange}
            disabled={submitting}
            below={
              <SimilarCustomers
                flow={flow}
                typed={v.clientName}
                onUseClient={onUseClient}
                disabled={submitting}
              />
            }
          />
        ) : mode === 'client' ? (
          <ClientPicker
            value={v.clientId === null ? null : { id: v.clientId, name: v.clientName }}
            error={v.clientNameErrorMessage}
            checking={nameCheck.checking}
            onPick={nameCheck.onPickClient}
            disabled={submitting}
          />
        ) : (
          <EditedClientField name={v.clientName} isNewClient={v.isNewClient} />
        )}

        <RetailerChecklist
          options={retailerOptions}
          selectedIds={v.retailerIds}
          lockedIds={edit?.lockedRetailerIds}
          onToggle={handlers.onRetailerToggle}
          loading={retailersLoading}
          error={retailerError}
          disabled={submitting}
        />

        <BrandsField
          value={v.brands}
          required={v.isNewClient}
          onChange={handlers.onBrandsChange}
          disabled={submitting}
        />

        <FormSection title="Browse Nodes">
          <NodeColumns>
            <BrowseNodePicker
              retailers={selectedRetailers}
              selections={v.selections}
              onToggleNode={handlers.onToggleNode}
              nodeLimitRetailerId={state.nodeLimitRetailerId}
              search={search}
            />
            <SelectedNodesPanel
              retailers={selectedRetailers}
              selections={v.selections}
              onReorder={handlers.onReorder}
              onRemove={handlers.onRemove}
            />
          </NodeColumns>
        </FormSection>

        {v.schedule ? (
          <FormSection title="Schedule">
            <ScheduleSection
              value={v.schedule}
              onChange={handlers.onSchedule}
              errors={scheduleErrs}
              today={today}
              timeZone={timeZone}
              now={now}
              disabled={submitting}
            />
          </FormSection>
        ) : null}

        {banner ? (
          <Alert severity="error" role="alert">
            {banner}
          </Alert>
        ) : null}

        <FormActions
          label={mode === 'edit' ? 'Update Request' : 'Submit Request'}
          canSubmit={canSubmit}
          submitting={submitting}
          onCancel={onCancel}
          submitRef={submitButton}
        />
      </Stack>
      <UpdateReviewDialog
        review={submit.review}
        title="Review changes"
        confirmLabel="Confirm update"
        busy={submitting}
        onConfirm={submit.confirmReview}
      />
      <LeaveGuard when={dirty} allowed={allowLeave} />
    </Paper>
  );
}
