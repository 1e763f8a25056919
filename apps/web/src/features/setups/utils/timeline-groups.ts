import { stepLabel, type WorkflowEntry } from '@onboarding/contracts';
import type { TimelineEntry, TimelineGroup } from '@onboarding/ui';
import { formatDateTime } from '@/lib/format-date';
import { stepStatusLook } from './status';

function timelineEntry(
  e: WorkflowEntry,
  retailer: string | undefined,
  id: string,
  note?: string,
): TimelineEntry {
  const look = stepStatusLook(e.status);
  return {
    id,
    title: stepLabel(e.stepName),
    ...(note ? { note } : {}),
    statusLabel: look.label,
    tone: look.tone,
    icon: look.icon,
    details: [
      { label: 'Retailer Id', value: retailer ? `${e.retailerId} (${retailer})` : e.retailerId },
      { label: 'Marketshare Enabled', value: e.ismarketshareEnabled ? 'Yes' : 'No' },
      { label: 'Updated At', value: formatDateTime(e.updatedat, 'NA') },
      { label: 'Requested By', value: e.requestedby ?? 'NA' },
      { label: 'Status Payload', value: e.statusPayload ?? 'NA' },
    ],
  };
}

const time = (e: WorkflowEntry) => (e.updatedat ? Date.parse(e.updatedat) || 0 : 0);

/**
 * The entries per retailer, in the order the retailers first appear. The current workflow puts
 * each retailer's current step (its first not completed) first, then the others in run order;
 * the history goes newest first. N retailers × 9 steps read as N short lists, not one long one.
 */
export function timelineGroups(
  entries: readonly WorkflowEntry[],
  retailerNames: ReadonlyMap<number, string> | undefined,
  kind: 'current' | 'history',
): TimelineGroup[] {
  const byRetailer = new Map<number, { entry: WorkflowEntry; at: number }[]>();
  entries.forEach((entry, at) => {
    const list = byRetailer.get(entry.retailerId) ?? [];
    list.push({ entry, at });
    byRetailer.set(entry.retailerId, list);
  });
  return [...byRetailer].map(([retailerId, list]) => {
    const retailer = retailerNames?.get(retailerId);
    const id = ({ entry, at }: { entry: WorkflowEntry; at: number }) =>
      `${kind}-${at}-${retailerId}-${entry.stepName}`;
    let ordered: TimelineEntry[];
    if (kind === 'history') {
      ordered = [...list]
        .sort((a, b) => time(b.entry) - time(a.entry))
        .map((item) => timelineEntry(item.entry, retailer, id(item)));
    } else {
      const current = list.find((item) => item.entry.status.toLowerCase() !== 'completed');
      ordered = [
        ...(current ? [timelineEntry(current.entry, retailer, id(current), 'Current step')] : []),
        ...list
          .filter((item) => item !== current)
          .map((item) => timelineEntry(item.entry, retailer, id(item))),
      ];
    }
    return {
      id: `${kind}-${retailerId}`,
      title: retailer ?? `Retailer ${retailerId}`,
      entries: ordered,
    };
  });
}
