import type { FieldChange } from '@onboarding/ui';
import { useState, type RefObject } from 'react';

interface Review<Body> {
  open: boolean;
  body: Body;
  fields: FieldChange[];
}

/**
 * The review before an update (docs/requirements.md#step-review, docs/requirements.md#product-review):
 * `request` opens it with the body to send and its changed fields, or, with none, notes that
 * nothing changed for the form as it is (`snapshot`) and sends nothing. Focus goes to the update
 * button (`updateButton`) first, so the dialog gives focus back to it.
 */
export function useUpdateReview<Body>(updateButton: RefObject<HTMLButtonElement | null>) {
  const [review, setReview] = useState<Review<Body> | null>(null);
  const [unchangedAt, setUnchangedAt] = useState<string | null>(null);

  const request = (body: Body, fields: FieldChange[], snapshot = '') => {
    if (fields.length === 0) {
      setUnchangedAt(snapshot);
      return;
    }
    setUnchangedAt(null);
    updateButton.current?.focus();
    setReview({ open: true, body, fields });
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
