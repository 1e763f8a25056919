/** A positive integer id from a route param, or undefined. */
export function parseRouteId(value: string | undefined): number | undefined {
  if (value === undefined || !/^[0-9]{1,15}$/.test(value)) return undefined;
  const id = Number(value);
  return id > 0 ? id : undefined;
}
