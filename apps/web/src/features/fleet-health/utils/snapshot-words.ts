import type { FleetStatus } from '@onboarding/contracts';
import { humanDuration } from './human-duration';

const count = new Intl.NumberFormat('en-GB');

/** `read 340 of 512 workflows`: how far the refresh under way (or the last one) got. */
export function progressText({ read, total }: FleetStatus['progress']): string {
  return `read ${count.format(read)} of ${count.format(total)} ${total === 1 ? 'workflow' : 'workflows'}`;
}

/** `Updated 40 s ago`, `Updated 4 min 10 s ago`: the snapshot's age. */
export function ageText(seconds: number): string {
  return `Updated ${humanDuration(Math.max(0, seconds) * 1000)} ago`;
}
