import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  MAX_LONG_TEXT,
  MESSAGES,
  promptVariablesError,
  type Prompt,
  type PromptClientOption,
} from '@onboarding/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { isApiError } from '@/lib/api-client';
import { parseRouteId } from '@/lib/route-id';
import { useKeepDraft, useRestoredDraft } from '@/lib/drafts';
import { readFresh } from '@/lib/fresh-baseline';
import { LeaveGuard } from '@/lib/leave-guard';
import { isSessionEnd } from '@/lib/unauthorized';
import { UpdateReviewDialog, useUpdateReview } from '@/lib/update-review';
import { useNotify } from '@/lib/notify';
import { useTitleSubject } from '@/lib/document-title';
import { routePath } from '@/lib/routes';
import { useLogError } from '@/lib/use-log-error';
import { useAddPrompt } from '../api/add';
import { promptQuery, usePrompt } from '../api/get';
import { usePromptClients } from '../api/get-all-clients';
import { useUpdatePrompt } from '../api/update';
import { usePromptVariables } from '../hooks/use-prompt-variables';
import {
  addPromptBody,
  isPromptFormComplete,
  parsePromptDraft,
  storedPromptBody,
  updatePromptBody,
  type UpdatePromptBody,
} from '../utils/payload';
import { hasChanges, promptChanges } from '../utils/review';
import { extractPromptVariables, formVariables } from '../utils/variables';
import { LoadError, LoadingBlock } from '@onboarding/ui';
import { PromptClientField, PromptVariablesSection } from './prompt-form-fields';
import { PromptPreview } from './prompt-preview';

/** docs/requirements.md#prompt-review: an Update that would change nothing sends nothing. */
const NOTHING_CHANGED = 'Nothing changed, so nothing was sent.';

/** /llm_service/prompts/add and /llm_service/prompts/edit/{id}. */
export function PromptFormPage() {
  const { id } = useParams<{ id?: string }>();
  if (id === undefined) return <PromptForm />;
  if (parseRouteId(id) === null) return <NotFound id={id} />;
  return <EditPrompt id={id} />;
}

function NotFound({ id }: { id: string }) {
  return (
    <Stack spacing={2}>
      <Typography component="h1" variant="h1">
        Edit Prompt
      </Typography>
      <LoadError message={`There is no prompt with the id ${id}.`} />
    </Stack>
  );
}

function EditPrompt({ id }: { id: string }) {
  const prompt = usePrompt(id);
  useTitleSubject(prompt.data?.metadata.name);
  useLogError(prompt.error, `Prompt ${id} could not be loaded`);
  if (prompt.data) return <PromptForm key={prompt.data.prompt_id} prompt={prompt.data} />;
  return (
    <Stack spacing={2}>
      <Typography component="h1" variant="h1">
        Edit Prompt
      </Typography>
      {prompt.isError ? (
        isApiError(prompt.error) && prompt.error.status === 404 ? (
          <LoadError message={`There is no prompt with the id ${id}.`} />
        ) : (
          <LoadError
            message="The prompt could not be loaded."
            onRetry={() => void prompt.refetch()}
            retrying={prompt.isFetching}
          />
        )
      ) : (
        <LoadingBlock padding={4} label="Loading the prompt" />
      )}
    </Stack>
  );
}

/** The add form, or the edit form of `prompt`. */
function PromptForm({ prompt }: { prompt?: Prompt }) {
  const isEdit = prompt !== undefined;
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  // What the operator had typed when a session end took them to sign in (lib/drafts.ts).
  const draft = useRestoredDraft('prompt', parsePromptDraft);

  const [client, setClient] = useState<PromptClientOption | null>(draft?.client ?? null);
  const [name, setName] = useState(draft?.name ?? prompt?.metadata.name ?? '');
  const [text, setText] = useState(draft?.prompt ?? prompt?.prompt ?? '');
  const [businessContext, setBusinessContext] = useState(
    draft?.businessContext ?? prompt?.business_context ?? '',
  );
  const [touched, setTouched] = useState({ name: false, prompt: false });
  const { variables, values, setValue, kept } = usePromptVariables(
    text,
    prompt?.metadata.variables,
    draft,
  );
  // Checked on the text as it is, so Add or Update never sends what the gateway refuses.
  const variablesError = promptVariablesError(formVariables(text, kept));
  const inText = extractPromptVariables(text);
  const unused = new Set(kept.filter((v) => !inText.includes(v)));
  const snapshot = JSON.stringify([client?.client_id, name, text, businessContext, values]);
  const [initialSnapshot] = useState(snapshot);
  const dirty = draft !== undefined || snapshot !== initialSnapshot;
  const allowLeave = useRef(false);
  const form = { client, name, prompt: text, businessContext, values, kept };
  useKeepDraft('prompt', { ...form, kept: [...kept] }, dirty);
  // The prompt as loaded, in the shape Update sends.
  const [initialBody] = useState(() => prompt && storedPromptBody(prompt));
  const updateButton = useRef<HTMLButtonElement>(null);
  // The review compares with the prompt as the server holds it then (lib/fresh-baseline.ts). The
  // Update button stays enabled while it is read, so the review can hand focus back to it.
  const review = useUpdateReview<UpdatePromptBody, UpdatePromptBody>({
    updateButton,
    opened: initialBody,
    read: async () =>
      storedPromptBody(await readFresh(queryClient, promptQuery(String(prompt?.prompt_id)))),
    what: 'The prompt',
  });

  const clients = usePromptClients(!isEdit);
  useLogError(isEdit ? null : clients.error, 'Prompt clients could not be loaded');
  const add = useAddPrompt();
  const update = useUpdatePrompt();
  const saving = add.isPending || update.isPending;
  // A session end shows only its own path (lib/unauthorized.ts), never the failure text.
  const save = isEdit ? update : add;
  const failed = save.isError && !isSessionEnd(save.error);
  const complete = isPromptFormComplete({ name, prompt: text }) && variablesError === null;

  const onSuccess = ({ message }: { message: string }) => {
    allowLeave.current = true;
    notify(message || (isEdit ? 'Prompt updated' : 'Prompt added'), { severity: 'success' });
    void navigate(routePath('prompts'));
  };
  const onError = (error: unknown) => console.error('The prompt could not be saved:', error);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched({ name: true, prompt: true });
    if (!complete || saving) return;
    if (prompt) {
      const body = updatePromptBody(prompt.prompt_id, form);
      void review.request((before) => {
        const changes = promptChanges(before, body);
        return hasChanges(changes) ? { body, changes } : null;
      }, snapshot);
    } else {
      add.mutate(addPromptBody(form), { onSuccess, onError });
    }
  };

  // Sends the body the review showed; a failure closes it, so the red text above Update shows.
  const confirmUpdate = (body: UpdatePromptBody) => {
    update.mutate(body, {
      onSuccess,
      onError: (error) => {
        review.close();
        onError(error);
      },
    });
  };

  const nameMissing = touched.name && !name.trim();
  const promptMissing = touched.prompt && !text.trim();

  return (
    <Stack spacing={2} component="form" noValidate onSubmit={onSubmit}>
      <Typography component="h1" variant="h1">
        {isEdit ? 'Edit Prompt' : 'Add Prompt'}
      </Typography>
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Stack spacing={3}>
          <PromptClientField
            storedClient={prompt?.client}
            client={client}
            onChange={setClient}
            clients={clients}
          />
          <TextField
            label="Name"
            required
            value={name}
            onChange={(e) => setName(e.target.value)}
            onBlur={() => setTouched((t) => ({ ...t, name: true }))}
            error={nameMissing}
            helperText={nameMissing ? MESSAGES.fieldRequired : undefined}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          <TextField
            label="Prompt"
            required
            multiline
            minRows={5}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onBlur={() => setTouched((t) => ({ ...t, prompt: true }))}
            error={promptMissing || variablesError !== null}
            slotProps={{ htmlInput: { maxLength: MAX_LONG_TEXT } }}
            helperText={
              promptMissing
                ? MESSAGES.fieldRequired
                : (variablesError ??
                  'Write {{variable}} where a value should go; each variable gets its own input.')
            }
          />
          <TextField
            label="Business Context"
            multiline
            minRows={3}
            value={businessContext}
            onChange={(e) => setBusinessContext(e.target.value)}
            slotProps={{ htmlInput: { maxLength: MAX_LONG_TEXT } }}
          />

          <PromptVariablesSection
            variables={variables}
            values={values}
            onChange={setValue}
            unused={unused}
          />

          <PromptPreview text={text} values={values} />

          {failed ? (
            <Typography role="alert" color="error">
              {MESSAGES.promptSaveFailed}
            </Typography>
          ) : null}
          {review.nothingChanged(snapshot) ? (
            <Typography role="status">{NOTHING_CHANGED}</Typography>
          ) : null}

          <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
            <Button component={RouterLink} to={routePath('prompts')}>
              Cancel
            </Button>
            <Button
              ref={updateButton}
              type="submit"
              variant="contained"
              disabled={!complete || saving}
            >
              {isEdit ? 'Update' : 'Add'}
            </Button>
          </Stack>
        </Stack>
      </Paper>
      <UpdateReviewDialog
        review={review}
        title="Review changes to the prompt"
        confirmLabel="Update"
        busy={update.isPending}
        onConfirm={confirmUpdate}
      />
      <LeaveGuard when={dirty} allowed={allowLeave} />
    </Stack>
  );
}
