import { useState, type RefObject } from 'react';
import { hasChanges, type PromptChanges } from '../utils/review';
import type { UpdatePromptBody } from '../utils/payload';

interface Review {
  open: boolean;
  body: UpdatePromptBody;
  changes: PromptChanges;
  /** The prompt changed on the server since the form opened: "Before" is the server's now. */
  changedElsewhere: boolean;
}

/**
 * The review before an Update (docs/requirements.md#prompt-review): `request` opens it with the
 * body to send, or, when nothing changed, notes that for the form as it is (`snapshot`) and sends
 * nothing. Focus goes to the Update button (`updateButton`) first, so the dialog gives it back.
 * `changes` compare with the prompt as the server holds it when the review opens.
 */
export function useUpdateReview(updateButton: RefObject<HTMLButtonElement | null>) {
  const [review, setReview] = useState<Review | null>(null);
  const [unchangedAt, setUnchangedAt] = useState<string | null>(null);

  const request = (
    body: UpdatePromptBody,
    changes: PromptChanges,
    snapshot: string,
    changedElsewhere = false,
  ) => {
    if (!hasChanges(changes)) {
      setUnchangedAt(snapshot);
      return;
    }
    setUnchangedAt(null);
    updateButton.current?.focus();
    setReview({ open: true, body, changes, changedElsewhere });
  };
  // The contents stay while the dialog fades out.
  const close = () => setReview((r) => (r ? { ...r, open: false } : r));

  return {
    review,
    request,
    close,
    /** Whether the "nothing changed" note applies to the form as it is now. */
    nothingChanged: (snapshot: string) => unchangedAt === snapshot,
  };
}
