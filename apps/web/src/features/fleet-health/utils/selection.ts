/**
 * Which setups the "Matching setups" panel shows: a bar or cell of the health screen, named in
 * the address (`?step=sti&status=FAILED`, `?retailer=4&step=sti&status=failed`,
 * `?week=2026-11-16&step=sti`) so it survives a reload and Back. Its setups are the gateway's to
 * name (fleet.matching), from the snapshot's bucket of that bar or cell.
 */
import type { FlowHealth } from '@onboarding/contracts';
import { stepLabel } from '@onboarding/contracts';
import type { ChartSelection } from '@/lib/data/fleet-matching';
import { parseRouteId } from '@/lib/route-id';
import { statusWords } from './status-words';

export type Selection =
  /** A bar of setups by step and status (a list row with no step: `step` null). */
  | { kind: 'bucket'; step: string | null; status: string }
  /** Every setup whose row is at the step now, whatever its status (a step's duration bar). */
  | { kind: 'step'; step: string }
  /** A cell of the retailer × step table. */
  | { kind: 'cell'; retailerId: number; step: string; status: string }
  /** A bar of failures per week: the setups that failed the step that week. */
  | { kind: 'week'; week: string; step: string };

const WEEK = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;
/** A step or status from the address: bounded, no control characters. */
const word = (value: string | null, max: number): string | null =>
  value !== null && value.length > 0 && value.length <= max && !/\p{Cc}/u.test(value)
    ? value
    : null;

/** The selection an address names, or null when it names none (or names one badly). */
export function readSelection(search: URLSearchParams): Selection | null {
  const step = word(search.get('step'), 100);
  const status = word(search.get('status'), 40);
  // A part named badly names nothing: never a wider bar, nor the bar of setups without a step.
  if ((search.has('step') && !step) || (search.has('status') && !status)) return null;
  if (search.has('retailer')) {
    const retailerId = parseRouteId(search.get('retailer') ?? undefined);
    return retailerId !== null && step && status
      ? { kind: 'cell', retailerId, step, status }
      : null;
  }
  if (search.has('week')) {
    const week = search.get('week') ?? '';
    return WEEK.test(week) && step ? { kind: 'week', week, step } : null;
  }
  if (status) return { kind: 'bucket', step, status };
  return step ? { kind: 'step', step } : null;
}

/** The panel's page from the address (1 when absent or not a page number). */
export function readPanelPage(search: URLSearchParams): number {
  return parseRouteId(search.get('page') ?? undefined) ?? 1;
}

/** The address's query for a selection (its first page). */
export function selectionSearch(selection: Selection): Record<string, string> {
  switch (selection.kind) {
    case 'bucket':
      return selection.step === null
        ? { status: selection.status }
        : { step: selection.step, status: selection.status };
    case 'step':
      return { step: selection.step };
    case 'cell':
      return {
        retailer: String(selection.retailerId),
        step: selection.step,
        status: selection.status,
      };
    case 'week':
      return { week: selection.week, step: selection.step };
  }
}

/** What fleet.matching is asked for a selection: the gateway holds each bar's and cell's ids. */
export function matchingSelection(selection: Selection): ChartSelection {
  switch (selection.kind) {
    case 'bucket':
      return selection.step === null
        ? { chart: 'bucket', status: selection.status }
        : { chart: 'bucket', stepName: selection.step, status: selection.status };
    case 'step':
      return { chart: 'step', stepName: selection.step };
    case 'cell':
      return {
        chart: 'cell',
        retailerId: String(selection.retailerId),
        stepName: selection.step,
        status: selection.status,
      };
    case 'week':
      return { chart: 'week', weekStart: selection.week, stepName: selection.step };
  }
}

/**
 * How many setups a selection holds, as the health answer counts them: the panel's line says it at
 * once, before its first page arrives (fleet.matching's total then stands). A week's count is of
 * failures, not setups (a setup can fail twice), so it waits for the page.
 */
export function countedSetups(selection: Selection, metrics: FlowHealth): number | undefined {
  switch (selection.kind) {
    case 'bucket':
      return (
        metrics.setupsByStep.find(
          (b) => b.stepName === selection.step && b.status === selection.status,
        )?.setups ?? 0
      );
    case 'step':
      return metrics.setupsAtStep.find((a) => a.stepName === selection.step)?.setups ?? 0;
    case 'cell':
      return (
        metrics.retailerSteps.find(
          (c) =>
            c.retailerId === selection.retailerId &&
            c.stepName === selection.step &&
            c.status === selection.status,
        )?.count ?? 0
      );
    case 'week':
      return undefined;
  }
}

/** A step's label, or what a row without a step is called. */
export const stepText = (step: string | null) => (step === null ? 'No step' : stepLabel(step));

const weekFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });

/** A week's Monday (YYYY-MM-DD, UTC) as `16 Nov 2026`. */
export const weekText = (week: string) => weekFormat.format(new Date(`${week}T00:00:00Z`));

/** The selection in words, for the panel's line and the selected bar's or cell's state. */
export function describeSelection(selection: Selection, metrics: FlowHealth | null): string {
  switch (selection.kind) {
    case 'bucket':
      return `${stepText(selection.step)} · ${statusWords(selection.status)}`;
    case 'step':
      return `Now at ${stepText(selection.step)}`;
    case 'cell': {
      const name =
        metrics?.retailerSteps.find((c) => c.retailerId === selection.retailerId)?.retailerName ??
        `Retailer ${selection.retailerId}`;
      return `${name} · ${stepText(selection.step)} · ${statusWords(selection.status)}`;
    }
    case 'week':
      return `${stepText(selection.step)} failures in the week of ${weekText(selection.week)}`;
  }
}

/** The failed step a selection is about, whose failure-board group it can open; else null. */
export function failedStepOf(selection: Selection): string | null {
  if (selection.kind === 'week') return selection.step;
  if (selection.kind === 'step') return null;
  return selection.step !== null && selection.status.toLowerCase() === 'failed'
    ? selection.step
    : null;
}

/** Whether two selections name the same bar or cell. */
export function sameSelection(a: Selection | null, b: Selection): boolean {
  return a !== null && JSON.stringify(selectionSearch(a)) === JSON.stringify(selectionSearch(b));
}
