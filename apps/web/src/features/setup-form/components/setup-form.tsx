import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  accountNameError,
  MESSAGES,
  todayUtc,
  type ScheduleForm,
  type SetupRegion,
} from '@onboarding/contracts';
import { useQueryClient } from '@tanstack/react-query';
import {
  memo,
  useCallback,
  useId,
  useMemo,
  useReducer,
  useRef,
  useState,
  type FormEvent,
} from 'react';
import { useNavigate } from 'react-router-dom';
import { useNotify } from '@/lib/notify';
import type { FormMode } from '@/lib/routes';
import { clientSetupError, prospectNameError } from '../api/existence';
import { addClient, addSetup, updateSetup } from '../api/save';
import { searchBrowseNodes, type NodeSearchFn } from '../api/search-browse-nodes';
import { detectChanges, type EditBaseline } from '../utils/changes';
import { failureMessage } from '../utils/failure-message';
import type { SetupFlow } from '../utils/flow';
import { setupFormReducer, snapshot, type SetupFormValues } from '../utils/form-state';
import { listPath } from '../utils/list-path';
import {
  buildAddItems,
  buildUpdateItems,
  wireClientName,
  type PayloadInput,
} from '../utils/payload';
import { isMarketShareRetailer, type RetailerOption } from '../utils/retailers';
import type { SelectedNode } from '../utils/selection';
import { formError, scheduleErrors } from '../utils/validation';
import { BrowseNodePicker } from './browse-node-picker';
import { ClientPicker } from './client-picker';
import { LeaveGuard } from '@/lib/leave-guard';
import { ProspectFields } from './prospect-fields';
import { RetailerChecklist } from './retailer-checklist';
import { ScheduleSection } from './schedule-section';
import { SelectedNodesPanel } from './selected-nodes-panel';

const HEADINGS: Record<FormMode, string> = {
  prospect: 'Add New Setup for Prospect',
  client: 'Add New Setup For Existing Client',
  edit: 'Edit Setup',
};
const SUB_HEADING = 'Fill in the below details to setup the Dashboard';

export interface EditContext {
  setupId: number;
  baseline: EditBaseline;
  /** Retailers already in the setup: they stay selected. */
  lockedRetailerIds: readonly number[];
  /** The stored schedule's start date (may have passed; accepted while unchanged). */
  storedStartDate?: string;
}

export interface SetupFormProps {
  flow: SetupFlow;
  mode: FormMode;
  initial: SetupFormValues;
  retailerOptions: readonly RetailerOption[];
  retailersLoading?: boolean;
  retailerError: string | null;
  edit?: EditContext;
  /** Where node results come from (the gateway unless a harness passes its own). */
  search?: NodeSearchFn;
  /** Pinned in tests; otherwise today in UTC, the operator's zone and now. */
  today?: string;
  timeZone?: string;
  now?: Date;
}

/** The brands list (comma-separated), starred when required (prospects). */
const BrandsField = memo(function BrandsField({
  value,
  required,
  onChange,
  disabled,
}: {
  value: string;
  required: boolean;
  onChange: (value: string) => void;
  disabled: boolean;
}) {
  return (
    <TextField
      label={required ? 'Enter Brands list *' : 'Enter Brands list'}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      helperText="Separate brands with commas"
      disabled={disabled}
      slotProps={{ htmlInput: { maxLength: 5000, 'aria-required': required } }}
      sx={{ maxWidth: 720 }}
    />
  );
});

/**
 * Cancel and the submit button. The submit button looks disabled until the form is valid but
 * stays clickable (aria-disabled) so that a click explains what is missing; it is truly
 * disabled while the request is in flight.
 */
const FormActions = memo(function FormActions({
  label,
  canSubmit,
  submitting,
  onCancel,
}: {
  label: string;
  canSubmit: boolean;
  submitting: boolean;
  onCancel: () => void;
}) {
  return (
    <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
      <Button onClick={onCancel} disabled={submitting}>
        Cancel
      </Button>
      <Button
        type="submit"
        variant="contained"
        disabled={submitting}
        aria-disabled={!canSubmit}
        className={canSubmit ? undefined : 'Mui-disabled'}
        startIcon={submitting ? <CircularProgress size={16} color="inherit" /> : undefined}
        sx={{ '&.Mui-disabled': { pointerEvents: 'auto', cursor: 'not-allowed' } }}
      >
        {label}
      </Button>
    </Stack>
  );
});

/** A failed check: only logged, the form stays usable (docs/requirements.md#setup-form-errors). */
async function quietly(check: () => Promise<string | null>): Promise<string | null> {
  try {
    return await check();
  } catch (error) {
    console.error('Client existence check failed', error);
    return null;
  }
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
  search = searchBrowseNodes,
  today: todayProp,
  timeZone,
  now,
}: SetupFormProps) {
  const headingId = useId();
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(setupFormReducer, {
    values: initial,
    nodeLimitRetailerId: null,
  });
  const v = state.values;
  const [today] = useState(() => todayProp ?? todayUtc());
  const [submitting, setSubmitting] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const [checking, setChecking] = useState(false);
  const checkSeq = useRef(0);
  /** A prospect registered by a submit whose setup then failed: reused on the next try. */
  const registered = useRef<{ name: string; clientId: number } | null>(null);
  const allowLeave = useRef(false);

  const initialSnapshot = useMemo(() => snapshot(initial), [initial]);
  const dirty = snapshot(v) !== initialSnapshot;

  const optionsById = useMemo(
    () => new Map(retailerOptions.map((o) => [o.retailerId, o])),
    [retailerOptions],
  );
  const selectedRetailers = useMemo(
    () =>
      v.retailerIds.map(
        (id): RetailerOption =>
          optionsById.get(id) ?? {
            retailerId: id,
            retailerName: `Retailer ${id}`,
            projectSource: 'REM',
          },
      ),
    [v.retailerIds, optionsById],
  );

  const scheduleErrs = useMemo(
    () => scheduleErrors(v.schedule, today, edit?.storedStartDate),
    [v.schedule, today, edit?.storedStartDate],
  );
  const scheduleInvalid = Object.keys(scheduleErrs).length > 0;
  const requiredError = formError({ ...v, isLoading: submitting });
  const canSubmit = requiredError === null && !scheduleInvalid && !submitting;
  const banner = !attempted
    ? null
    : requiredError !== null && !submitting
      ? MESSAGES.provideAllRequired
      : scheduleInvalid
        ? MESSAGES.scheduleInvalidVerify
        : null;

  // Stable callbacks for the memoised sections.
  const onNameChange = useCallback((value: string) => {
    checkSeq.current += 1;
    setChecking(false);
    dispatch({ type: 'clientName', value });
  }, []);
  const onRegionChange = useCallback(
    (value: SetupRegion) => dispatch({ type: 'region', value }),
    [],
  );
  const onRetailerToggle = useCallback(
    (retailerId: number, checked: boolean) => dispatch({ type: 'retailer', retailerId, checked }),
    [],
  );
  const onToggleNode = useCallback(
    (retailerId: number, node: SelectedNode, checked: boolean) =>
      dispatch({ type: 'toggleNode', retailerId, node, checked }),
    [],
  );
  const onReorder = useCallback(
    (retailerId: number, ids: number[]) => dispatch({ type: 'reorderNodes', retailerId, ids }),
    [],
  );
  const onRemove = useCallback(
    (retailerId: number, ids: number[]) => dispatch({ type: 'removeNodes', retailerId, ids }),
    [],
  );
  const onBrandsChange = useCallback((value: string) => dispatch({ type: 'brands', value }), []);
  const onCancel = useCallback(() => void navigate(listPath(flow)), [navigate, flow]);
  const onSchedule = useCallback(
    (value: ScheduleForm) => dispatch({ type: 'schedule', value }),
    [],
  );

  /** Runs an existence check for the name in view; a newer edit discards an older answer. */
  const runCheck = (check: () => Promise<string | null>) => {
    checkSeq.current += 1;
    const seq = checkSeq.current;
    setChecking(true);
    void quietly(check).then((message) => {
      if (seq !== checkSeq.current) return;
      setChecking(false);
      dispatch({ type: 'clientNameError', message: message ?? '' });
    });
  };

  const onNameBlur = () => {
    const name = v.clientName.trim();
    dispatch({ type: 'trimClientName' });
    const ruleError = accountNameError(name);
    if (ruleError) {
      checkSeq.current += 1;
      setChecking(false);
      dispatch({ type: 'clientNameError', message: ruleError });
      return;
    }
    if (registered.current?.name === wireClientName(name)) return;
    runCheck(() => prospectNameError(name));
  };

  const onPickClient = useCallback(
    (client: { id: number; name: string } | null) => {
      checkSeq.current += 1;
      setChecking(false);
      dispatch({ type: 'pickClient', client });
      if (!client) return;
      checkSeq.current += 1;
      const seq = checkSeq.current;
      setChecking(true);
      void quietly(() => clientSetupError(flow, client.name)).then((message) => {
        if (seq !== checkSeq.current) return;
        setChecking(false);
        dispatch({ type: 'clientNameError', message: message ?? '' });
      });
    },
    [flow],
  );

  const submit = async () => {
    if (submitting) return;
    setAttempted(true);
    if (requiredError !== null || scheduleInvalid) return;

    const changes = edit
      ? detectChanges(edit.baseline, {
          brands: v.brands,
          retailerIds: v.retailerIds,
          selections: v.selections,
          schedule: v.schedule,
        })
      : null;
    if (changes && !changes.any) {
      notify(MESSAGES.editNothingChanged, { severity: 'warning' });
      return;
    }

    setSubmitting(true);
    try {
      let clientId = v.clientId;
      if (mode === 'prospect') {
        const name = v.clientName.trim();
        const ruleError = accountNameError(name);
        if (ruleError) {
          dispatch({ type: 'clientNameError', message: ruleError });
          return;
        }
        if (registered.current?.name === wireClientName(name)) {
          clientId = registered.current.clientId;
        } else {
          const exists = await quietly(() => prospectNameError(name));
          if (exists) {
            dispatch({ type: 'clientNameError', message: exists });
            return;
          }
          clientId = await addClient(name, v.region);
          registered.current = { name: wireClientName(name), clientId };
        }
      } else if (mode === 'client') {
        const exists = await quietly(() => clientSetupError(flow, v.clientName));
        if (exists) {
          dispatch({ type: 'clientNameError', message: exists });
          return;
        }
      }
      if (clientId === null) return;

      const input: PayloadInput = {
        clientName: v.clientName,
        clientId,
        isNewClient: v.isNewClient,
        brands: v.brands,
        retailers: selectedRetailers.map((r) => ({
          retailerId: r.retailerId,
          isMarketShareEnabled: isMarketShareRetailer(r),
        })),
        selections: v.selections,
        schedule: v.schedule,
      };
      const answer =
        edit && changes
          ? await updateSetup(flow, buildUpdateItems({ ...input, setupId: edit.setupId, changes }))
          : await addSetup(flow, buildAddItems(input));

      allowLeave.current = true;
      void queryClient.invalidateQueries();
      notify(answer.message, { severity: 'success' });
      void navigate(listPath(flow));
    } catch (error) {
      notify(failureMessage(error), { severity: 'error' });
    } finally {
      setSubmitting(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

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
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {SUB_HEADING}
      </Typography>

      <Stack spacing={3}>
        {mode === 'prospect' ? (
          <ProspectFields
            clientName={v.clientName}
            error={v.clientNameErrorMessage}
            checking={checking}
            region={v.region}
            onNameChange={onNameChange}
            onNameBlur={onNameBlur}
            onRegionChange={onRegionChange}
            disabled={submitting}
          />
        ) : mode === 'client' ? (
          <ClientPicker
            value={v.clientId === null ? null : { id: v.clientId, name: v.clientName }}
            error={v.clientNameErrorMessage}
            checking={checking}
            onPick={onPickClient}
            disabled={submitting}
          />
        ) : (
          <TextField
            label="Client Name"
            value={v.clientName}
            slotProps={{ htmlInput: { readOnly: true } }}
            helperText={v.isNewClient ? 'Prospect' : 'Existing client'}
            sx={{ maxWidth: 520 }}
          />
        )}

        <RetailerChecklist
          options={retailerOptions}
          selectedIds={v.retailerIds}
          lockedIds={edit?.lockedRetailerIds}
          onToggle={onRetailerToggle}
          loading={retailersLoading}
          error={retailerError}
          disabled={submitting}
        />

        <BrandsField
          value={v.brands}
          required={v.isNewClient}
          onChange={onBrandsChange}
          disabled={submitting}
        />

        <Divider />
        <Box>
          <Typography component="h2" variant="h2" sx={{ mb: 1 }}>
            Browse Nodes
          </Typography>
          <Box
            sx={{
              display: 'grid',
              gap: 3,
              gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 7fr) minmax(0, 5fr)' },
            }}
          >
            <BrowseNodePicker
              retailers={selectedRetailers}
              selections={v.selections}
              onToggleNode={onToggleNode}
              nodeLimitRetailerId={state.nodeLimitRetailerId}
              search={search}
            />
            <SelectedNodesPanel
              retailers={selectedRetailers}
              selections={v.selections}
              onReorder={onReorder}
              onRemove={onRemove}
            />
          </Box>
        </Box>

        {v.schedule ? (
          <>
            <Divider />
            <Box>
              <Typography component="h2" variant="h2" sx={{ mb: 1 }}>
                Schedule
              </Typography>
              <ScheduleSection
                value={v.schedule}
                onChange={onSchedule}
                errors={scheduleErrs}
                today={today}
                timeZone={timeZone}
                now={now}
                disabled={submitting}
              />
            </Box>
          </>
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
        />
      </Stack>
      <LeaveGuard when={dirty} allowed={allowLeave} />
    </Paper>
  );
}
