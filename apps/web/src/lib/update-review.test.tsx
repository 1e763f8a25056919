import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { diffFields } from '@onboarding/ui';
import { act, cleanup, render, renderHook, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useRef } from 'react';
import { ApiError } from './api-error';
import { CHANGED_ELSEWHERE } from './changed-elsewhere';
import {
  type DraftedUpdate,
  type ReviewRequest,
  UpdateReviewDialog,
  useUpdateReview,
} from './update-review';

interface Prompt {
  name: string;
  prompt: string;
}

const OPENED: Prompt = { name: 'Category summary', prompt: 'Summarise {{category}}.' };
const SAVED_ELSEWHERE: Prompt = { name: 'Category summary', prompt: 'Summarise {{retailer}}.' };
const EDITED: Prompt = { name: 'Category digest', prompt: 'Summarise {{category}}.' };

const FIELDS = [
  ['name', 'Name'],
  ['prompt', 'Prompt'],
] as const;

/** The update of a form holding `form`, drafted against a record: null when nothing changes. */
const draftOf =
  (form: Prompt) =>
  (before: Prompt): DraftedUpdate<Prompt> | null => {
    const fields = diffFields(before, form, FIELDS);
    return fields.length > 0 ? { body: form, changes: { fields } } : null;
  };

afterEach(() => {
  cleanup();
  document.body.replaceChildren();
});

function updateButton() {
  const button = document.createElement('button');
  button.textContent = 'Update';
  document.body.append(button);
  return button;
}

/** The review of a prompt form opened with `opened`; the server holds what `read` answers. */
function renderReview(
  opened: Prompt | undefined,
  read: () => Promise<Prompt>,
  button: HTMLButtonElement | null = updateButton(),
) {
  return renderHook(() =>
    useUpdateReview<Prompt, Prompt>({
      updateButton: { current: button },
      opened,
      read,
      what: 'The prompt',
    }),
  );
}

type Hook = ReturnType<typeof renderReview>;

/** Asks for the review of a form holding `form`, noted as `snapshot` when given. */
async function request(hook: Hook, form: Prompt, snapshot?: string): Promise<ReviewRequest> {
  let outcome: ReviewRequest | undefined;
  await act(async () => {
    outcome = await hook.result.current.request(draftOf(form), snapshot);
  });
  return outcome!;
}

describe('the review before an update', () => {
  it("opens drafted against the server's record now, warning that it changed elsewhere", async () => {
    const button = updateButton();
    const hook = renderReview(OPENED, () => Promise.resolve(SAVED_ELSEWHERE), button);
    await expect(request(hook, EDITED, 'edited')).resolves.toBe('review');
    expect(hook.result.current.review).toStrictEqual({
      open: true,
      body: EDITED,
      changes: {
        fields: [
          { label: 'Name', before: 'Category summary', after: 'Category digest' },
          { label: 'Prompt', before: 'Summarise {{retailer}}.', after: 'Summarise {{category}}.' },
        ],
      },
      changedElsewhere: true,
    });
    expect(button).toHaveFocus();
    expect(hook.result.current.nothingChanged('edited')).toBe(false);
  });

  it('opens without a warning when the server holds the record as opened', async () => {
    const hook = renderReview(OPENED, () => Promise.resolve({ ...OPENED }));
    await request(hook, EDITED);
    expect(hook.result.current.review).toMatchObject({ open: true, changedElsewhere: false });
  });

  it('opens while no Update button is on screen to take focus', async () => {
    const hook = renderReview(OPENED, () => Promise.resolve(OPENED), null);
    await expect(request(hook, EDITED)).resolves.toBe('review');
    expect(hook.result.current.review).toMatchObject({ open: true, body: EDITED });
  });

  it('notes that nothing changed for the form as it is, reading nothing', async () => {
    const read = jest.fn(() => Promise.resolve(SAVED_ELSEWHERE));
    const hook = renderReview(OPENED, read);
    await expect(request(hook, OPENED, 'as opened')).resolves.toBe('unchanged');
    expect(read).not.toHaveBeenCalled();
    expect(hook.result.current.review).toBeNull();
    expect(hook.result.current.nothingChanged('as opened')).toBe(true);
    expect(hook.result.current.nothingChanged('edited since')).toBe(false);
  });

  it('notes that nothing changed for a form that gives no snapshot', async () => {
    const hook = renderReview(OPENED, () => Promise.resolve(OPENED));
    await request(hook, OPENED);
    expect(hook.result.current.nothingChanged('')).toBe(true);
  });

  it('notes that nothing changed when the server already holds what the form has', async () => {
    const button = updateButton();
    const hook = renderReview(OPENED, () => Promise.resolve(EDITED), button);
    await expect(request(hook, EDITED, 'edited')).resolves.toBe('unchanged');
    expect(hook.result.current.review).toBeNull();
    expect(hook.result.current.nothingChanged('edited')).toBe(true);
    expect(button).not.toHaveFocus();
  });

  it('drops the note that nothing changed once a review opens', async () => {
    const hook = renderReview(OPENED, () => Promise.resolve(OPENED));
    await request(hook, OPENED, 'as opened');
    await request(hook, EDITED, 'edited');
    expect(hook.result.current.nothingChanged('as opened')).toBe(false);
  });

  it('opens nothing, drafting and reading nothing, on a form that adds a record', async () => {
    const read = jest.fn(() => Promise.resolve(OPENED));
    const draft = jest.fn(draftOf(EDITED));
    const hook = renderReview(undefined, read);
    let outcome: ReviewRequest | undefined;
    await act(async () => {
      outcome = await hook.result.current.request(draft, 'added');
    });
    expect(outcome).toBeNull();
    expect(draft).not.toHaveBeenCalled();
    expect(read).not.toHaveBeenCalled();
    expect(hook.result.current.nothingChanged('added')).toBe(false);
  });

  it('opens nothing when the session ended while the record was read', async () => {
    const ended = new ApiError({ status: 401, code: 'UNAUTHENTICATED', message: 'Signed out' });
    const hook = renderReview(OPENED, () => Promise.reject(ended));
    await expect(request(hook, EDITED, 'edited')).resolves.toBeNull();
    expect(hook.result.current.review).toBeNull();
    expect(hook.result.current.nothingChanged('edited')).toBe(false);
  });

  it('closes, keeping what it showed while the dialog fades out', async () => {
    const hook = renderReview(OPENED, () => Promise.resolve(OPENED));
    act(() => hook.result.current.close());
    expect(hook.result.current.review).toBeNull();
    await request(hook, EDITED);
    act(() => hook.result.current.close());
    expect(hook.result.current.review).toStrictEqual({
      open: false,
      body: EDITED,
      changes: {
        fields: [{ label: 'Name', before: 'Category summary', after: 'Category digest' }],
      },
      changedElsewhere: false,
    });
  });
});

/** A prompt form's Update button and review dialog, as the edit screens wire them. */
function PromptUpdate({
  form,
  read,
  onConfirm,
}: {
  form: Prompt;
  read: () => Promise<Prompt>;
  onConfirm: (body: Prompt) => void;
}) {
  const button = useRef<HTMLButtonElement>(null);
  const review = useUpdateReview<Prompt, Prompt>({
    updateButton: button,
    opened: OPENED,
    read,
    what: 'The prompt',
  });
  return (
    <>
      <button ref={button} type="button" onClick={() => void review.request(draftOf(form))}>
        Update
      </button>
      <UpdateReviewDialog
        review={review}
        title="Review changes to the prompt"
        confirmLabel="Save"
        busy={false}
        onConfirm={onConfirm}
      />
    </>
  );
}

describe('the review dialog', () => {
  it('is not there before a review was asked for', () => {
    render(
      <UpdateReviewDialog<Prompt>
        review={{ review: null, close: () => {} }}
        title="Review changes to the prompt"
        confirmLabel="Save"
        busy={false}
        onConfirm={() => {}}
      />,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the changes and the warning, and sends the body it showed', async () => {
    const user = userEvent.setup();
    const onConfirm = jest.fn<(body: Prompt) => void>();
    render(
      <PromptUpdate
        form={EDITED}
        read={() => Promise.resolve(SAVED_ELSEWHERE)}
        onConfirm={onConfirm}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Update' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review changes to the prompt' });
    expect(within(dialog).getByText(CHANGED_ELSEWHERE)).toBeVisible();
    const changes = within(dialog).getByRole('table', { name: 'Changed fields' });
    expect(within(changes).getByRole('rowheader', { name: 'Name' })).toBeVisible();
    expect(within(changes).getByText('Summarise {{retailer}}.')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(onConfirm).toHaveBeenCalledWith(EDITED);
  });

  it('shows no warning when the record did not change elsewhere, and closes on Cancel', async () => {
    const user = userEvent.setup();
    render(
      <PromptUpdate form={EDITED} read={() => Promise.resolve(OPENED)} onConfirm={() => {}} />,
    );
    await user.click(screen.getByRole('button', { name: 'Update' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review changes to the prompt' });
    expect(within(dialog).queryByText(CHANGED_ELSEWHERE)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await expect(screen.findByRole('button', { name: 'Update' })).resolves.toHaveFocus();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
