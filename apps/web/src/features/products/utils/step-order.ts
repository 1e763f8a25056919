/**
 * The step list's unsaved edits: the order the operator dragged the steps into and the steps
 * they deleted. Saving sends the contracts' `toStepOrderBody` of it (kept steps renumbered from
 * 1, deleted ids apart).
 */
import { toStepOrderBody, type Step } from '@onboarding/contracts';

export interface StepOrderDraft {
  /** The steps as loaded, in their stored order. */
  readonly saved: readonly Step[];
  /** The kept steps in the order shown. */
  readonly shown: readonly Step[];
  /** Ids of the steps deleted since loading. */
  readonly deleted: readonly number[];
}

/** The loaded steps sorted by their stored order (the server's order of equal orders kept). */
export function startDraft(steps: readonly Step[]): StepOrderDraft {
  const saved = [...steps].sort((a, b) => a.stepOrder - b.stepOrder);
  return { saved, shown: saved, deleted: [] };
}

/** Moves the step `activeId` to where the step `overId` is (a drag-and-drop). */
export function moveStep(draft: StepOrderDraft, activeId: number, overId: number): StepOrderDraft {
  const from = draft.shown.findIndex((s) => s.stepId === activeId);
  const to = draft.shown.findIndex((s) => s.stepId === overId);
  if (from < 0 || to < 0 || from === to) return draft;
  const shown = [...draft.shown];
  const [moved] = shown.splice(from, 1);
  shown.splice(to, 0, moved!);
  return { ...draft, shown };
}

/** Takes a step out of the list; it is deleted on the server only when the list is saved. */
export function deleteStep(draft: StepOrderDraft, stepId: number): StepOrderDraft {
  if (!draft.shown.some((s) => s.stepId === stepId)) return draft;
  return {
    ...draft,
    shown: draft.shown.filter((s) => s.stepId !== stepId),
    deleted: [...draft.deleted, stepId],
  };
}

/** Whether the order or set of steps changed since load (docs/requirements.md#steps-list-order). */
export function isDraftChanged(draft: StepOrderDraft): boolean {
  if (draft.shown.length !== draft.saved.length) return true;
  return draft.shown.some((step, i) => step.stepId !== draft.saved[i]?.stepId);
}

/** The update-step-order body of the draft. */
export function draftBody(draft: StepOrderDraft) {
  return toStepOrderBody(
    draft.shown.map((s) => s.stepId),
    draft.deleted,
  );
}
