import { ReviewChangesDialog } from '@onboarding/ui';
import { useMemo, useState } from 'react';
import type { SetupChanges } from '../utils/changes';
import type { EditContext } from '../utils/edit-state';
import type { SetupFormValues } from '../utils/form-state';
import { optionOf, type RetailerOption } from '../utils/retailers';
import { reviewOf } from '../utils/review';
import type { Selections } from '../utils/selection';

export interface UpdateReviewProps {
  /** The changes under review; the dialog is closed while null. */
  changes: SetupChanges | null;
  edit: EditContext;
  storedSelections: Selections;
  values: SetupFormValues;
  retailerOptions: ReadonlyMap<number, RetailerOption>;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** `Review changes`: what Update Request will change, confirmed before it is sent. */
export function UpdateReview({
  changes,
  edit,
  storedSelections,
  values,
  retailerOptions,
  busy,
  onConfirm,
  onCancel,
}: UpdateReviewProps) {
  const review = useMemo(
    () =>
      changes
        ? reviewOf({
            baseline: edit.baseline,
            storedSelections,
            brands: values.brands,
            retailerIds: values.retailerIds,
            selections: values.selections,
            schedule: values.schedule,
            changes,
            retailerName: (id) => optionOf(retailerOptions, id).retailerName,
          })
        : null,
    [changes, edit.baseline, storedSelections, values, retailerOptions],
  );
  // The last review stays shown while the dialog fades out.
  const [shown, setShown] = useState(review);
  if (review !== null && review !== shown) setShown(review);
  return (
    <ReviewChangesDialog
      open={review !== null}
      title="Review changes"
      fields={shown?.fields ?? []}
      lists={shown?.lists ?? []}
      confirmLabel="Confirm update"
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
