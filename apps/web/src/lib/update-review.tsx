import { ReviewChangesDialog, type FieldChange, type ListChange } from '@onboarding/ui';
import { useState, type RefObject } from 'react';
import { CHANGED_ELSEWHERE } from './changed-elsewhere';
import { useFreshBaseline, type FreshBaselineOptions } from './fresh-baseline';

/** What an update changes, as its review lists it. */
interface ReviewChanges {
  fields: FieldChange[];
  lists?: ListChange[];
}

/** An update drafted against one version of the record: what it sends and what that changes. */
export interface DraftedUpdate<Body> {
  body: Body;
  changes: ReviewChanges;
}

interface Review<Body> extends DraftedUpdate<Body> {
  open: boolean;
  /** "Before" is the server's record now, no longer the one the form opened with. */
  changedElsewhere: boolean;
}

/** The review under way, as its dialog shows it. */
export interface UpdateReviewState<Body> {
  review: Review<Body> | null;
  close: () => void;
}

export interface UpdateReviewOptions<Record> extends FreshBaselineOptions<Record> {
  /** Focused as the review opens, so that the dialog gives focus back to it. */
  updateButton: RefObject<HTMLButtonElement | null>;
  /** The record as the form opened with it, in the shape `draft` compares with; undefined when adding. */
  opened: Record | undefined;
  /** Reads the record from the server now, in that shape (lib/fresh-baseline.ts `readFresh`). */
  read: () => Promise<Record>;
}

/** How a request ended: the review opened, nothing would change, or nothing more to do. */
export type ReviewRequest = 'review' | 'unchanged' | null;

/**
 * The review before an update (docs/requirements.md#prompt-review, #step-review, #product-review,
 * #setup-form-review). `request(draft, snapshot)` drafts the update against the record as opened;
 * with nothing to change (`draft` answers null) it notes that for the form as it is (`snapshot`),
 * reads nothing and sends nothing. Otherwise it reads the record again (lib/fresh-baseline.ts)
 * and opens the review drafted against the server's record now, warning when that changed since
 * the form opened.
 */
export function useUpdateReview<Record, Body>({
  updateButton,
  opened,
  read,
  ...options
}: UpdateReviewOptions<Record>) {
  const [review, setReview] = useState<Review<Body> | null>(null);
  const [unchangedAt, setUnchangedAt] = useState<string | null>(null);
  const reread = useFreshBaseline(opened, read, options);
  const [first] = useState(opened);

  const unchanged = (snapshot: string): ReviewRequest => {
    setUnchangedAt(snapshot);
    return 'unchanged';
  };

  const request = async (
    draft: (before: Record) => DraftedUpdate<Body> | null,
    snapshot = '',
  ): Promise<ReviewRequest> => {
    if (first === undefined) return null;
    if (draft(first) === null) return unchanged(snapshot);
    const fresh = await reread();
    if (!fresh) return null;
    const update = draft(fresh.before);
    if (update === null) return unchanged(snapshot);
    setUnchangedAt(null);
    updateButton.current?.focus();
    setReview({ open: true, ...update, changedElsewhere: fresh.changedElsewhere });
    return 'review';
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

/**
 * The review dialog of `useUpdateReview`: the changed fields and lists, with the changed-elsewhere
 * warning when it applies. Rendered once a review was requested; `onConfirm` sends its body.
 */
export function UpdateReviewDialog<Body>({
  review,
  title,
  confirmLabel,
  busy,
  onConfirm,
}: {
  review: UpdateReviewState<Body>;
  title: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: (body: Body) => void;
}) {
  const shown = review.review;
  if (!shown) return null;
  return (
    <ReviewChangesDialog
      open={shown.open}
      title={title}
      fields={shown.changes.fields}
      lists={shown.changes.lists}
      confirmLabel={confirmLabel}
      busy={busy}
      warning={shown.changedElsewhere ? CHANGED_ELSEWHERE : undefined}
      onConfirm={() => onConfirm(shown.body)}
      onCancel={review.close}
    />
  );
}
