/**
 * The link from a per-product setup to the client's dashboard of that product: built from the
 * client name and the product path, the retailer segment swapped when the client lacks the
 * product's retailer (docs/requirements.md#setups-list-dashboard-link), under `DASHBOARD_BASE_URL`
 * (`dashboardBaseUrl` of `/api/config`; docs/requirements.md#decision-dashboard-links).
 *
 * Shape: `{baseUrl}/{clientName}{productPath}`, the client name URL-encoded as one segment, e.g.
 * base `https://dash.example.com`, client `acme foods`, product path `/digital-shelf/amazon/overview`
 * → `https://dash.example.com/acme%20foods/digital-shelf/amazon/overview` (as the spec says: from
 * the client name and the product path).
 */
export interface ProductDashboardLinkInput {
  /** `dashboardBaseUrl` of `/api/config` (the gateway's `DASHBOARD_BASE_URL`). */
  baseUrl: string;
  /** The client's name as the list shows it; one URL-encoded path segment. */
  clientName: string;
  /** The product's URL path as registered (`/digital-shelf/amazon/overview`). */
  productPath: string;
  /**
   * Names of the retailers the client's setup covers, in the setup's order (`['Walmart', 'Target']`).
   * When none of them is the product's retailer, the first one takes the retailer segment's place.
   */
  clientRetailers: readonly string[];
}

/** A retailer name as a path segment: `Walmart Grocery` → `walmart-grocery`. */
export function retailerSegment(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, '-');
}

/**
 * Index of the product's retailer among the path segments: the first segment after the
 * leading part, or the only segment of a one-segment path (the rule of the contracts'
 * `deriveProductRetailer`, which the product form shows).
 */
function retailerIndex(segments: readonly string[]): number {
  return segments.length > 1 ? 1 : 0;
}

/** The path segments, without empty ones and without `.` / `..` (the link stays under the base). */
function pathSegments(path: string): string[] {
  return path
    .split('/')
    .map((s) => s.trim())
    .filter((s) => s !== '' && s !== '.' && s !== '..');
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The retailer segment to swap in, or null when the product's own retailer stays: it stays when
 * the client has it (compared without case, spaces as hyphens) or when no client retailer is known.
 */
export function swappedRetailer(
  productRetailer: string,
  clientRetailers: readonly string[],
): string | null {
  const own = retailerSegment(productRetailer);
  const client = clientRetailers.map(retailerSegment).filter((r) => r !== '');
  if (client.length === 0 || client.includes(own)) return null;
  return client[0] ?? null;
}

/**
 * The client's dashboard of a product; null when there is no base URL, no client name or no
 * product path.
 */
export function productDashboardUrl({
  baseUrl,
  clientName,
  productPath,
  clientRetailers,
}: ProductDashboardLinkInput): string | null {
  const base = baseUrl.trim().replace(/\/+$/, '');
  const [pathPart = '', ...rest] = productPath.trim().split(/(?=[?#])/);
  const suffix = rest.join('');
  const segments = pathSegments(pathPart).map(decodeSegment);
  const client = clientName.trim();
  if (base === '' || client === '' || segments.length === 0) return null;

  const index = retailerIndex(segments);
  const swap = swappedRetailer(segments[index] ?? '', clientRetailers);
  if (swap !== null) segments[index] = swap;
  const path = segments.map((s) => encodeURIComponent(s)).join('/');
  return `${base}/${encodeURIComponent(client)}/${path}${suffix}`;
}
