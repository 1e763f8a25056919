import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlined from '@mui/icons-material/ErrorOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  emptyStepForm,
  stepFormErrors,
  toStepBody,
  type Step,
  type StepBody,
  type StepForm,
} from '@onboarding/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTitleSubject } from '@/lib/document-title';
import { failureMessage } from '@/lib/api-error';
import { shapedLike, useKeepDraft, useRestoredDraft } from '@/lib/drafts';
import { readFresh } from '@/lib/fresh-baseline';
import { LeaveGuard } from '@/lib/leave-guard';
import { useNotify } from '@/lib/notify';
import { ProductNameLine } from '@/lib/product-name-line';
import { ProductNotFound, useProductPresence } from '@/lib/product-presence';
import { routePath } from '@/lib/routes';
import { UpdateReviewDialog, useUpdateReview } from '@/lib/update-review';
import { useErrorNotification } from '@/lib/use-error-notification';
import { useRegisterStep } from '../api/register-step';
import { stepDetailQuery, useStepDetail } from '@/lib/data/step-detail';
import { useUpdateStep } from '../api/update-step';
import { useCooldown } from '../hooks/use-cooldown';
import { useIdParam } from '../hooks/use-id-param';
import { STEP_FLAGS, STEP_TEXT_FIELDS, stepChanges } from '../utils/step-fields';
import { stepJsonFlags, stepToForm } from '../utils/step-form';
import { StatusMappingTester } from './status-mapping-tester';

/** docs/requirements.md#step-review: an update that would change nothing sends nothing. */
const NOTHING_CHANGED = 'Nothing changed, so nothing was sent.';

/** A kept draft of this form (lib/drafts.ts): its own fields. */
const parseStepDraft = shapedLike(emptyStepForm());

interface FormProps {
  productId: number;
  /** The step being edited; absent when adding. */
  step?: Step;
}

/** Whether a template field is JSON, as help: it never blocks saving. */
function JsonFlag({ fault }: { fault: string | null }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'flex-start' }}>
      {fault === null ? (
        <CheckCircleOutlined sx={{ fontSize: 16 }} color="success" aria-hidden />
      ) : (
        <ErrorOutlined sx={{ fontSize: 16 }} color="warning" aria-hidden />
      )}
      {fault ?? 'Valid JSON.'}
    </Box>
  );
}

function StepFormFields({ productId, step }: FormProps) {
  const isEdit = step !== undefined;
  const [initial] = useState<StepForm>(() => (step ? stepToForm(step) : emptyStepForm()));
  // What the operator had typed when a session end took them to sign in (lib/drafts.ts).
  const draft = useRestoredDraft('step', parseStepDraft);
  const [form, setForm] = useState<StepForm>(draft ?? initial);
  const snapshot = JSON.stringify(form);
  const dirty = draft !== undefined || snapshot !== JSON.stringify(initial);
  useKeepDraft('step', form, dirty);
  const allowLeave = useRef(false);
  const [touched, setTouched] = useState<ReadonlySet<keyof StepForm>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const baseId = useId();
  const fieldId = (field: keyof StepForm) => `${baseId}-${field}`;
  const notify = useNotify();
  const navigate = useNavigate();
  const register = useRegisterStep();
  const update = useUpdateStep();
  const cooldown = useCooldown();
  const owner = step?.productId ?? productId;
  const queryClient = useQueryClient();
  const updateButton = useRef<HTMLButtonElement>(null);
  // The stored step in the shape the update sends: only what the operator changed is listed.
  const review = useUpdateReview<StepBody, StepBody>({
    updateButton,
    opened: step && toStepBody(initial, owner),
    read: async () =>
      toStepBody(
        stepToForm(await readFresh(queryClient, stepDetailQuery(step?.stepId ?? 0))),
        owner,
      ),
    what: 'The step',
  });
  const saving = register.isPending || update.isPending;

  const errors = stepFormErrors(form);
  const jsonFlags = stepJsonFlags(form);
  const shown = (field: keyof StepForm) =>
    submitted || touched.has(field) ? errors[field] : undefined;

  const set = <K extends keyof StepForm>(field: K, value: StepForm[K]) =>
    setForm((f) => ({ ...f, [field]: value }));
  const touch = (field: keyof StepForm) =>
    setTouched((t) => (t.has(field) ? t : new Set(t).add(field)));

  const saveOptions = {
    onSuccess: (message: string) => {
      allowLeave.current = true;
      notify(message, { severity: 'success' });
      void navigate(routePath('stepDetails', { id: owner }));
    },
    onError: (error: unknown) => notify(failureMessage(error), { severity: 'error' }),
    onSettled: () => cooldown.start(),
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving || cooldown.coolingDown) return;
    setSubmitted(true);
    const firstInvalid = STEP_TEXT_FIELDS.find((f) => errors[f.field]);
    if (firstInvalid) {
      document.getElementById(fieldId(firstInvalid.field))?.focus();
      return;
    }
    const body = toStepBody(form, owner);
    if (!step) {
      register.mutate(body, saveOptions);
      return;
    }
    void review.request((before) => {
      const fields = stepChanges(before, body);
      return fields.length > 0 ? { body, changes: { fields } } : null;
    }, snapshot);
  };

  // Sends the body the review showed; a failure closes it and says why, as a save always has.
  const confirmUpdate = (body: StepBody) => {
    if (!step) return;
    update.mutate(
      { stepId: step.stepId, body },
      {
        ...saveOptions,
        onError: (error) => {
          review.close();
          saveOptions.onError(error);
        },
      },
    );
  };

  return (
    <Stack component="form" noValidate spacing={3} onSubmit={submit} aria-label="Step">
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Stack spacing={2.5}>
          {STEP_TEXT_FIELDS.map(({ field, label, required, kind, placeholder, helper }) => {
            const error = shown(field);
            const jsonFlag = jsonFlags[field];
            return (
              <TextField
                key={field}
                id={fieldId(field)}
                label={label}
                required={required}
                value={form[field]}
                onChange={(e) => set(field, e.target.value)}
                onBlur={() => touch(field)}
                error={error !== undefined}
                helperText={
                  error ?? (jsonFlag !== undefined ? <JsonFlag fault={jsonFlag} /> : helper)
                }
                placeholder={placeholder}
                type={kind === 'minutes' ? 'number' : 'text'}
                multiline={kind === 'json'}
                minRows={kind === 'json' ? 3 : undefined}
                maxRows={kind === 'json' ? 14 : undefined}
                fullWidth
                slotProps={{
                  htmlInput:
                    kind === 'minutes'
                      ? { min: 0, step: 'any', inputMode: 'decimal' }
                      : {
                          spellCheck: kind === 'json' ? false : undefined,
                          sx: kind === 'json' ? { fontFamily: 'monospace' } : undefined,
                        },
                }}
              />
            );
          })}
          <FormGroup row aria-label="Step options">
            {STEP_FLAGS.map(({ field, label }) => (
              <FormControlLabel
                key={field}
                label={label}
                control={
                  <Checkbox checked={form[field]} onChange={(e) => set(field, e.target.checked)} />
                }
              />
            ))}
          </FormGroup>
        </Stack>
      </Paper>

      <StatusMappingTester
        requestIdPath={form.requestIdPath}
        statusPath={form.statusPath}
        statusMap={form.statusMap}
      />

      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Button
          ref={updateButton}
          type="submit"
          variant="contained"
          disabled={saving || cooldown.coolingDown}
          startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {isEdit ? 'Update Step' : 'Submit Request'}
        </Button>
        {review.nothingChanged(snapshot) ? (
          <Typography role="status">{NOTHING_CHANGED}</Typography>
        ) : null}
      </Stack>
      <UpdateReviewDialog
        review={review}
        title="Review changes to the step"
        confirmLabel="Update Step"
        busy={update.isPending}
        onConfirm={confirmUpdate}
      />
      <LeaveGuard when={dirty} allowed={allowLeave} />
    </Stack>
  );
}

/** /product/:id/register_step (registerStep) and /product/:id/edit_step/:stepId (editStep). */
export function StepFormPage({ mode }: { mode: 'add' | 'edit' }) {
  const productId = useIdParam('id');
  const stepId = useIdParam('stepId');
  // The product first: an unknown one shows not-found, and its step is not asked for.
  const presence = useProductPresence(productId);
  const detail = useStepDetail(mode === 'edit' && presence.settled ? stepId : null);
  useTitleSubject(detail.data?.stepName);
  useErrorNotification(detail.error);
  useErrorNotification(presence.missing ? null : presence.product.error);

  let body;
  if (productId === null || (mode === 'edit' && stepId === null)) {
    body = <Alert severity="error">This step does not exist.</Alert>;
  } else if (presence.missing) {
    body = <ProductNotFound />;
  } else if (mode === 'add') {
    body = <StepFormFields productId={productId} />;
  } else if (detail.data) {
    body = <StepFormFields key={stepId} productId={productId} step={detail.data} />;
  } else if (detail.isError) {
    body = <Alert severity="error">{failureMessage(detail.error)}</Alert>;
  } else {
    body = <CircularProgress aria-label="Loading step" />;
  }

  return (
    <Box sx={{ maxWidth: 880 }}>
      <Typography component="h1" variant="h1" sx={{ mb: 1 }}>
        {mode === 'edit' ? 'Update Step' : 'Add Step'}
      </Typography>
      <Box sx={{ mb: 2 }}>
        <ProductNameLine productId={productId} />
      </Box>
      {body}
    </Box>
  );
}
