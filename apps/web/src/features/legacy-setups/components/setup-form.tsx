import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  isLegacyFormSaveable,
  type LegacySetupForm,
  type MessageResponse,
} from '@onboarding/contracts';
import { ConfirmDialog, LoadError } from '@onboarding/ui';
import { useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { isApiError } from '@/lib/api-client';
import { shapedLike, useKeepDraft, useRestoredDraft } from '@/lib/drafts';
import { LeaveGuard } from '@/lib/leave-guard';
import { useNotify } from '@/lib/notify';
import { routePath } from '@/lib/routes';
import { isSessionEnd } from '@/lib/unauthorized';
import { useLogError } from '@/lib/use-log-error';
import { useAddNewSetup } from '../api/add-new-setup';
import { useEditSetup } from '../api/edit-setup';
import { useStatusOptions } from '../api/status';
import { useClientNameCheck } from '../hooks/use-client-name-check';
import { isCompletedStatus } from '../utils/display';
import { addNewSetupBody, editSetupBody, emptyLegacyForm } from '../utils/form';
import { SetupFields } from './setup-fields';

type Action = 'add' | 'update' | 'complete';

/** A kept draft of this form (lib/drafts.ts): the form's own fields. */
const parseLegacyDraft = shapedLike(emptyLegacyForm());

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
  // What the operator had entered when a session end took them to sign in (lib/drafts.ts).
  const restored = useRestoredDraft('legacy-setup', parseLegacyDraft);
  // A completed setup opens read-only: a kept draft of it could never be saved.
  const draft = wasCompleted ? undefined : restored;

  const [form, setForm] = useState(draft ?? initial);
  const [lastAction, setLastAction] = useState<Action | null>(null);
  // Completion is final, so Mark As Complete asks first and sends nothing until confirmed.
  const [confirmingComplete, setConfirmingComplete] = useState(false);
  const allowLeave = useRef(false);
  // As first shown: a refetch of the setup while editing does not change what counts as unsaved.
  const [initialSnapshot] = useState(() => JSON.stringify(initial));
  const dirty = draft !== undefined || JSON.stringify(form) !== initialSnapshot;
  useKeepDraft('legacy-setup', form, dirty);

  const set = <K extends keyof LegacySetupForm>(key: K, value: LegacySetupForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const statuses = useStatusOptions();
  const name = useClientNameCheck({
    initialName: initial.clientName,
    isEdit,
    setName: (clientName) => set('clientName', clientName),
  });
  const { existence, checkName } = name;
  const add = useAddNewSetup();
  const edit = useEditSetup();
  const save = isEdit ? edit : add;
  useLogError(statuses.error, 'Setup statuses could not be loaded');

  const saving = save.isPending;
  const checking = existence.isPending;
  const valid = isLegacyFormSaveable(form, isEdit ? 'edit' : 'add') && name.nameError === null;
  // A session end shows only its own path (lib/unauthorized.ts), never these failure texts.
  const saveFailed = save.isError && !isSessionEnd(save.error);
  const checkFailed = existence.isError && !isSessionEnd(existence.error) && !isEdit;

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
    if (wasCompleted) return;
    void submit(isEdit ? 'update' : 'add');
  };

  return (
    <Stack spacing={2} component="form" noValidate onSubmit={onSubmit}>
      <Typography component="h1" variant="h1">
        {isEdit ? 'Edit Setup' : 'Add New Setup'}
      </Typography>
      {wasCompleted ? (
        <Alert severity="info">This setup is completed. It can no longer be edited.</Alert>
      ) : null}
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Stack spacing={3}>
          <SetupFields
            form={form}
            set={set}
            isEdit={isEdit}
            locked={wasCompleted}
            statuses={statuses}
            nameError={name.nameError}
            checking={checking}
            onNameChange={(clientName) => {
              name.onTyped(clientName);
              set('clientName', clientName);
            }}
            onNameBlur={(clientName) => {
              if (!isEdit) void checkName(clientName);
            }}
          />

          {checkFailed ? (
            <LoadError
              message="The client name could not be checked."
              onRetry={() => void checkName(form.clientName)}
              retrying={checking}
            />
          ) : null}
          {saveFailed ? (
            <LoadError
              message={saveErrorText(save.error)}
              onRetry={lastAction ? () => void submit(lastAction) : undefined}
              retrying={saving}
            />
          ) : null}

          <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
            {wasCompleted ? (
              <Button variant="contained" component={RouterLink} to={routePath('completed')}>
                Back to completed setups
              </Button>
            ) : (
              <Button component={RouterLink} to={routePath('ongoing')}>
                Cancel
              </Button>
            )}
            {wasCompleted ? null : isEdit ? (
              <>
                <Button
                  variant="outlined"
                  disabled={!valid || saving}
                  onClick={() => setConfirmingComplete(true)}
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
      <ConfirmDialog
        open={confirmingComplete}
        title={`Mark ${form.clientName} as complete?`}
        message="A completed setup can no longer be edited."
        confirmLabel="Mark As Complete"
        onCancel={() => setConfirmingComplete(false)}
        onConfirm={() => {
          setConfirmingComplete(false);
          void submit('complete');
        }}
      />
      <LeaveGuard when={dirty} allowed={allowLeave} />
    </Stack>
  );
}
