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

/**
 * How many changes the draft holds, as the operator made them: each deleted step, and each step
 * moved (the fewest moves that give the shown order: the kept steps outside its longest run
 * still in saved order), so one drag counts one however far the others shift.
 */
export function draftChangeCount(draft: StepOrderDraft): number {
  const savedIndex = new Map(draft.saved.map((s, i) => [s.stepId, i]));
  const positions = draft.shown.map((s) => savedIndex.get(s.stepId) ?? -1);
  // Longest increasing run (patience sorting): tails[k] is the smallest end of a run of k + 1.
  const tails: number[] = [];
  for (const p of positions) {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (tails[mid]! < p) lo = mid + 1;
      else hi = mid;
    }
    tails[lo] = p;
  }
  return draft.deleted.length + positions.length - tails.length;
}

/** The draft with every unsaved change dropped: the steps as loaded. */
export function discardDraft(draft: StepOrderDraft): StepOrderDraft {
  return { saved: draft.saved, shown: draft.saved, deleted: [] };
}
