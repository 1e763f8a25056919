/**
 * The failure watch's events in the operator's words (docs/requirements.md#failure-watch): the
 * client, the retailer, the step's label (never its key) and a failure's reason.
 */
import { stepLabel, type WatchEvent, type WatchFailedEvent } from '@onboarding/contracts';
import { routePath } from '../routes';

const retailerOf = (event: { retailerId: number; retailerName: string | null }) =>
  event.retailerName || `retailer ${event.retailerId}`;

const stepOf = (stepName: string | null) => (stepName ? stepLabel(stepName) : 'an unknown step');

/** A list row's status as words: `IN_PROGRESS` reads `in progress`. */
const statusWords = (status: string) => status.toLowerCase().replace(/_/g, ' ');

/** What happened, in one line: `acme foods failed at STI on Walmart`. */
export function watchEventTitle(event: WatchEvent): string {
  switch (event.type) {
    case 'failed':
      return `${event.clientName} failed at ${stepOf(event.stepName)} on ${retailerOf(event)}`;
    case 'recovered':
      return `${event.clientName} on ${retailerOf(event)} no longer failed: ${statusWords(event.status)}${event.stepName ? ` at ${stepLabel(event.stepName)}` : ''}`;
    case 'live':
      return `${event.clientName} is live: ${event.retailers === 1 ? 'its retailer has' : `all ${event.retailers} retailers have`} completed`;
  }
}

/** The failure's reason, as its workflow gave it. */
export function failureReason(event: WatchFailedEvent): string {
  return event.reason?.trim() ? event.reason : 'No failure message';
}

/** Which setup, of which flow: `Setup 123 · Category Leaderboard`, `Setup 45 · product 7`. */
export function watchEventSetup(event: WatchEvent): string {
  return `Setup ${event.setupId} · ${event.productId === null ? 'Category Leaderboard' : `product ${event.productId}`}`;
}

/** The failure board of the event's flow with the failed step's group open (`?step=`). */
export function failuresPathOf(event: WatchFailedEvent): string {
  const search = event.stepName ? { step: event.stepName } : undefined;
  return event.productId === null
    ? routePath('remOmniFailures', undefined, search)
    : routePath('productFailures', { id: event.productId }, search);
}

/** The setup's details page. */
export function detailsPathOf(event: WatchEvent): string {
  return event.productId === null
    ? routePath('remOmniSetupDetail', { setupId: event.setupId })
    : routePath('productSetupDetail', { id: event.productId, setupId: event.setupId });
}

/**
 * What is announced for events new to this tab: each failure, and each watched setup going live
 * (`isWatchedLive`); recoveries and others' setups going live are only listed.
 */
export function announcementOf(event: WatchEvent, watchedLive: boolean): string | null {
  if (event.type === 'failed') return `New failure: ${watchEventTitle(event)}.`;
  if (event.type === 'live' && watchedLive)
    return `Watched setup live: ${event.clientName} (setup ${event.setupId}) is live.`;
  return null;
}

/** Several announcements at once: the first three, then how many more. */
export function joinAnnouncements(lines: readonly string[]): string {
  const shown = lines.slice(0, 3);
  const more = lines.length - shown.length;
  return more > 0 ? `${shown.join(' ')} And ${more} more.` : shown.join(' ');
}

/** The bell's name for screen readers: `Failure watch, 3 unseen`. */
export function bellName(unseen: number): string {
  return `Failure watch, ${unseen} unseen`;
}
