/**
 * The one parser of a route's id params (`:setupId`, `:id`, `:stepId`): every `:param` in the
 * route table is an id, and accepted exactly when the contracts' `IdSchema` (a positive integer up
 * to `Number.MAX_SAFE_INTEGER`) accepts its number, written in plain decimal digits without a
 * leading zero, so one id has one address. route-id.test.ts checks it against `IdSchema` itself.
 * No Zod here on purpose: the page's entry (app/boot.ts) checks ids before its early requests.
 */

const DECIMAL_ID = /^[1-9][0-9]{0,15}$/;

/** The id a route param names, or null when it names none (absent, 0, signed, huge, not digits). */
export function parseRouteId(value: string | undefined): number | null {
  if (value === undefined || !DECIMAL_ID.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}

/**
 * Every param of a matched route as an id, or null when any of them is not one (the route then
 * shows not-found, and nothing is asked of the gateway).
 */
export function parseRouteIds(
  params: Readonly<Record<string, string | undefined>>,
): Record<string, number> | null {
  const ids: Record<string, number> = {};
  for (const [name, value] of Object.entries(params)) {
    if (name === '*') continue;
    const id = parseRouteId(value);
    if (id === null) return null;
    ids[name] = id;
  }
  return ids;
}
