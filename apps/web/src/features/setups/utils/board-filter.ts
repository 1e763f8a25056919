/**
 * The list's fleet filters on the failure board (issue 33; docs/requirements.md#failure-board-filters):
 * the board's address carries them (the list's Failures link). Light: the list's toolbar loads it.
 */
import { serializeFleetFilterQuery, type FleetFilter } from '@onboarding/contracts';

/**
 * What the board filters by: the list's filters but status (every board row is FAILED) and step
 * (`?step=` names the group the board opens, as the health screen's and the watch's links do).
 */
export function boardFilterOf(filter: FleetFilter): FleetFilter {
  const { status: _status, step: _step, ...rest } = filter;
  return rest;
}

/**
 * The board's address query for a list's filters ('' for none): the filters the board applies,
 * and one step as the group to open.
 */
export function failureBoardSearch(filter: FleetFilter): string {
  const query = new URLSearchParams(serializeFleetFilterQuery(boardFilterOf(filter)));
  if (filter.step?.length === 1) query.set('step', filter.step[0]!);
  const text = query.toString().replaceAll('%2C', ',');
  return text ? `?${text}` : '';
}
