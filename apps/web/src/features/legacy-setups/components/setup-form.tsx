import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import {
  isLegacyFormSaveable,
  legacyClientNameError,
  legacyStatusError,
  MARKET_INSIGHT_MODULE,
  MESSAGES,
  type LegacySetupForm,
  type MessageResponse,
} from '@onboarding/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { isApiError } from '@/lib/api-client';
import { LeaveGuard } from '@/lib/leave-guard';
import { useNotify } from '@/lib/notify';
import { routePath } from '@/lib/routes';
import { useLogError } from '@/lib/use-log-error';
import { useAddNewSetup } from '../api/add-new-setup';
import { useEditSetup } from '../api/edit-setup';
import { useIsClientExists } from '../api/is-client-exists';
import { useStatusOptions } from '../api/status';
import { isCompletedStatus, statusLabel } from '../utils/display';
import { addNewSetupBody, editSetupBody } from '../utils/form';
import { LoadError } from '@onboarding/ui';
import { ModulesField } from './modules-field';

type Action = 'add' | 'update' | 'complete';

export interface SetupFormProps {
  initial: LegacySetupForm;
  /** Set in edit mode. */
  setupId?: number;
}

function saveErrorText(error: unknown): string {
  const detail = isApiError(error) ? error.serverMessage : undefined;
  return detail ? `The setup could not be saved: ${detail}` : 'The setup could not be saved.';
}

/** The legacy add / edit form and its rules (docs/requirements.md#legacy-form). */
export function SetupForm({ initial, setupId }: SetupFormProps) {
  const isEdit = setupId !== undefined;
  const wasCompleted = isEdit && isCompletedStatus(initial.currentStatus);
  const navigate = useNavigate();
  const notify = useNotify();

  const [form, setForm] = useState(initial);
  const [nameError, setNameError] = useState<string | null>(null);
  /** The last uniqueness answer, for the lower-cased name it was asked about. */
  const [checked, setChecked] = useState<{ name: string; exists: boolean } | null>(null);
  const [lastAction, setLastAction] = useState<Action | null>(null);
  const currentName = useRef(initial.clientName);
  /** The check in flight (blur and a click on Add can ask about the same name at once). */
  const inFlight = useRef<{ name: string; answer: Promise<boolean> } | null>(null);
  const allowLeave = useRef(false);
  // As first shown: a refetch of the setup while editing does not change what counts as unsaved.
  const [initialSnapshot] = useState(() => JSON.stringify(initial));
  const dirty = JSON.stringify(form) !== initialSnapshot;

  const statuses = useStatusOptions();
  const existence = useIsClientExists();
  const add = useAddNewSetup();
  const edit = useEditSetup();
  const save = isEdit ? edit : add;
  useLogError(statuses.error, 'Setup statuses could not be loaded');

  const set = <K extends keyof LegacySetupForm>(key: K, value: LegacySetupForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  /**
   * Blur check (and again before adding): trimmed, required, allowed characters, then the
   * server's lower-cased uniqueness check. True when the name may be saved.
   */
  const checkName = async (raw: string): Promise<boolean> => {
    const trimmed = raw.trim();
    currentName.current = trimmed;
    set('clientName', trimmed);
    const formatError = legacyClientNameError(trimmed);
    setNameError(formatError);
    if (formatError) return false;
    if (isEdit) return true;
    const key = trimmed.toLowerCase();
    if (checked?.name === key) {
      if (checked.exists) setNameError(MESSAGES.legacyClientExists);
      return !checked.exists;
    }
    if (inFlight.current?.name === key) return inFlight.current.answer;
    const answer = existence.mutateAsync(trimmed).then(
      (exists) => {
        setChecked({ name: key, exists });
        // The operator may have typed on while the server answered.
        if (exists && currentName.current.trim().toLowerCase() === key) {
          setNameError(MESSAGES.legacyClientExists);
        }
        return !exists;
      },
      (error: unknown) => {
        console.error('The client name could not be checked:', error);
        return false;
      },
    );
    inFlight.current = { name: key, answer };
    try {
      return await answer;
    } finally {
      if (inFlight.current?.answer === answer) inFlight.current = null;
    }
  };

  const statusError = legacyStatusError(form);
  const saving = save.isPending;
  const checking = existence.isPending;
  const valid = isLegacyFormSaveable(form, isEdit ? 'edit' : 'add') && nameError === null;

  const submit = async (action: Action) => {
    if (!valid || saving) return;
    if (!isEdit && !(await checkName(form.clientName))) return;
    setLastAction(action);
    const onSuccess = ({ message }: MessageResponse) => {
      allowLeave.current = true;
      notify(message || 'Setup saved', { severity: 'success' });
      void navigate(routePath('ongoing'));
    };
    const onError = (error: unknown) => console.error('The setup could not be saved:', error);
    if (setupId === undefined) {
      add.mutate(addNewSetupBody(form), { onSuccess, onError });
    } else {
      edit.mutate(editSetupBody(form, setupId, { markComplete: action === 'complete' }), {
        onSuccess,
        onError,
      });
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(isEdit ? 'update' : 'add');
  };

  const statusOptions = statuses.data ?? [];
  const statusMissingFromOptions =
    form.currentStatus !== '' && !statusOptions.some((o) => o.id === form.currentStatus);
  const marketInsight = form.modules.some((m) => m.id === MARKET_INSIGHT_MODULE && m.isSelected);
  const dateProps = (locked: boolean) => ({
    inputLabel: { shrink: true },
    htmlInput: { readOnly: locked },
  });

  return (
    <Stack spacing={2} component="form" noValidate onSubmit={onSubmit}>
      <Typography component="h1" variant="h1">
        {isEdit ? 'Edit Setup' : 'Add New Setup'}
      </Typography>
      {wasCompleted ? <Alert severity="info">This setup is completed.</Alert> : null}
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Stack spacing={3}>
          <Box
            sx={{
              display: 'grid',
              gap: 3,
              gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
            }}
          >
            <TextField
              label="Client Name"
              required
              value={form.clientName}
              onChange={(e) => {
                currentName.current = e.target.value;
                set('clientName', e.target.value);
                setNameError(null);
              }}
              onBlur={(e) => {
                if (!isEdit) void checkName(e.target.value);
              }}
              error={nameError !== null}
              helperText={nameError ?? (checking ? 'Checking the client name…' : undefined)}
              slotProps={{ htmlInput: { readOnly: isEdit, maxLength: 100 } }}
            />
            <TextField
              label="Start Date"
              type="date"
              value={form.startDate}
              onChange={(e) => set('startDate', e.target.value)}
              slotProps={dateProps(isEdit)}
            />
            <TextField
              label="Date of AVC"
              type="date"
              value={form.avcDate}
              onChange={(e) => set('avcDate', e.target.value)}
              slotProps={dateProps(isEdit)}
            />
            <TextField
              label="Date of AMS"
              type="date"
              value={form.amsDate}
              onChange={(e) => set('amsDate', e.target.value)}
              slotProps={dateProps(isEdit)}
            />
            <TextField
              select
              label="Current Status"
              required
              value={form.currentStatus}
              onChange={(e) => set('currentStatus', e.target.value)}
              error={statusError !== null}
              helperText={statusError ?? undefined}
              disabled={statuses.isPending && !statusMissingFromOptions}
            >
              {statusMissingFromOptions ? (
                <MenuItem value={form.currentStatus}>
                  {statusLabel(form.currentStatus, statusOptions)}
                </MenuItem>
              ) : null}
              {statusOptions.map((o) => (
                <MenuItem key={o.id} value={o.id}>
                  {o.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label="Expected Signoff Date"
              type="date"
              value={form.expectedSignoffDate}
              onChange={(e) => set('expectedSignoffDate', e.target.value)}
              slotProps={dateProps(false)}
            />
          </Box>
          {statuses.isError ? (
            <LoadError
              message="The status options could not be loaded."
              onRetry={() => void statuses.refetch()}
              retrying={statuses.isFetching}
            />
          ) : null}
          <TextField
            label="Status Details"
            multiline
            minRows={3}
            value={form.statusDetails}
            onChange={(e) => set('statusDetails', e.target.value)}
            helperText={
              marketInsight ? 'Market Insights: add the retailer details here.' : undefined
            }
            slotProps={{ htmlInput: { maxLength: 5000 } }}
          />
          <ModulesField
            modules={form.modules}
            fixed={isEdit}
            onChange={(modules) => set('modules', modules)}
          />

          {existence.isError && !isEdit ? (
            <LoadError
              message="The client name could not be checked."
              onRetry={() => void checkName(form.clientName)}
              retrying={checking}
            />
          ) : null}
          {save.isError ? (
            <LoadError
              message={saveErrorText(save.error)}
              onRetry={lastAction ? () => void submit(lastAction) : undefined}
              retrying={saving}
            />
          ) : null}

          <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
            <Button component={RouterLink} to={routePath('ongoing')}>
              Cancel
            </Button>
            {isEdit ? (
              <>
                <Button
                  variant="outlined"
                  disabled={!valid || saving || wasCompleted}
                  onClick={() => void submit('complete')}
                >
                  Mark As Complete
                </Button>
                <Button type="submit" variant="contained" disabled={!valid || saving}>
                  Update Setup
                </Button>
              </>
            ) : (
              <Button type="submit" variant="contained" disabled={!valid || saving}>
                Add New Setup
              </Button>
            )}
          </Stack>
        </Stack>
      </Paper>
      <LeaveGuard when={dirty} allowed={allowLeave} />
    </Stack>
  );
}
