import { describe, expect, it } from '@jest/globals';
import { fixtures } from '@onboarding/contracts/testing';
import {
  deleteStep,
  discardDraft,
  draftBody,
  draftChangeCount,
  isDraftChanged,
  moveStep,
  startDraft,
} from './step-order';

const steps = [
  fixtures.step({ stepId: 30, stepName: 'publish', stepOrder: 3 }),
  fixtures.step({ stepId: 10, stepName: 'crawl', stepOrder: 1 }),
  fixtures.step({ stepId: 20, stepName: 'compute', stepOrder: 2 }),
];

describe('step order draft', () => {
  it('shows the steps in their stored order and has nothing to save at first', () => {
    const draft = startDraft(steps);
    expect(draft.shown.map((s) => s.stepName)).toEqual(['crawl', 'compute', 'publish']);
    expect(isDraftChanged(draft)).toBe(false);
  });

  it('renumbers from 1 after a drag', () => {
    const draft = moveStep(startDraft(steps), 30, 10);
    expect(draft.shown.map((s) => s.stepName)).toEqual(['publish', 'crawl', 'compute']);
    expect(isDraftChanged(draft)).toBe(true);
    expect(draftBody(draft)).toEqual({
      stepData: [
        { id: 30, order: 1 },
        { id: 10, order: 2 },
        { id: 20, order: 3 },
      ],
      stepToDelete: [],
    });
  });

  it('has nothing to save once a step is dragged back to where it was', () => {
    const draft = moveStep(moveStep(startDraft(steps), 10, 20), 10, 20);
    expect(draft.shown.map((s) => s.stepId)).toEqual([10, 20, 30]);
    expect(isDraftChanged(draft)).toBe(false);
  });

  it('sends a deleted step apart and closes the gap in the order', () => {
    const draft = deleteStep(startDraft(steps), 20);
    expect(isDraftChanged(draft)).toBe(true);
    expect(draftBody(draft)).toEqual({
      stepData: [
        { id: 10, order: 1 },
        { id: 30, order: 2 },
      ],
      stepToDelete: [20],
    });
  });

  it('ignores drags onto unknown steps and deleting twice', () => {
    const draft = startDraft(steps);
    expect(moveStep(draft, 10, 99)).toBe(draft);
    expect(moveStep(draft, 99, 10)).toBe(draft);
    const once = deleteStep(draft, 10);
    expect(deleteStep(once, 10)).toBe(once);
  });

  it('counts one change per deleted step and per step moved, however far the others shift', () => {
    const start = startDraft(steps);
    expect(draftChangeCount(start)).toBe(0);
    // publish to the top shifts the two others down: one move.
    const moved = moveStep(start, 30, 10);
    expect(draftChangeCount(moved)).toBe(1);
    // Reversed: two moves (crawl and compute each go below publish).
    expect(draftChangeCount(moveStep(moved, 20, 10))).toBe(2);
    expect(draftChangeCount(deleteStep(moved, 20))).toBe(2);
    // Dragged back: nothing left to count.
    expect(draftChangeCount(moveStep(moved, 30, 20))).toBe(0);
  });

  it('drops every unsaved change on discard', () => {
    const draft = discardDraft(deleteStep(moveStep(startDraft(steps), 30, 10), 20));
    expect(draft.shown.map((s) => s.stepName)).toEqual(['crawl', 'compute', 'publish']);
    expect(draft.deleted).toEqual([]);
    expect(isDraftChanged(draft)).toBe(false);
  });

  it('leaves the list as it is when a step is dropped onto itself', () => {
    const draft = startDraft(steps);
    expect(moveStep(draft, 20, 20)).toBe(draft);
  });

  it('has changes to save after swapping the first two steps or deleting the last one', () => {
    const swapped = moveStep(startDraft(steps), 10, 20);
    expect(swapped.shown.map((s) => s.stepId)).toEqual([20, 10, 30]);
    expect(isDraftChanged(swapped)).toBe(true);
    expect(isDraftChanged(deleteStep(startDraft(steps), 30))).toBe(true);
  });

  it('counts one change per step when every step is deleted', () => {
    const none = [10, 20, 30].reduce(deleteStep, startDraft(steps));
    expect(none.shown).toEqual([]);
    expect(draftChangeCount(none)).toBe(3);
  });
});
