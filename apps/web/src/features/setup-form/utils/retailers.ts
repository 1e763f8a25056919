import {
  DEFAULT_RETAILER_ID,
  DEFAULT_RETAILER_NAME,
  type ProjectSource,
  type RetailerGroup,
} from '@onboarding/contracts';

export interface RetailerOption {
  retailerId: number;
  retailerName: string;
  projectSource: ProjectSource;
}

/** The retailers of every group, in order; a retailer listed twice keeps its first group. */
export function retailerOptions(groups: readonly RetailerGroup[]): RetailerOption[] {
  const seen = new Set<number>();
  const options: RetailerOption[] = [];
  for (const group of groups) {
    for (const retailer of group.data) {
      if (seen.has(retailer.retailerId)) continue;
      seen.add(retailer.retailerId);
      options.push({
        retailerId: retailer.retailerId,
        retailerName: retailer.retailerName,
        projectSource: group.projectSource,
      });
    }
  }
  return options;
}

/** A retailer's name as its path segment names it: `Amazon Fresh` → `amazon-fresh`. */
const asSegment = (name: string) => name.trim().toLowerCase().replace(/\s+/g, '-');

/**
 * The retailer chosen when the form opens (docs/requirements.md#decision-default-retailer): a
 * product's own retailer, the one its path names (`/retail-media/walmart/…` → Walmart); else,
 * and for the Category Leaderboard, the one named Amazon, else id 4, else none.
 */
export function defaultRetailerIds(
  options: readonly RetailerOption[],
  productRetailer?: string,
): number[] {
  const own = productRetailer ? asSegment(productRetailer) : '';
  const byProduct = own ? options.find((o) => asSegment(o.retailerName) === own) : undefined;
  const byName = options.find(
    (o) => o.retailerName.trim().toLowerCase() === DEFAULT_RETAILER_NAME.toLowerCase(),
  );
  const chosen = byProduct ?? byName ?? options.find((o) => o.retailerId === DEFAULT_RETAILER_ID);
  return chosen ? [chosen.retailerId] : [];
}

/** isMarketShareEnabled of a submission item: the retailer's group is MARKETSHARE. */
export function isMarketShareRetailer(option: RetailerOption | undefined): boolean {
  return option?.projectSource === 'MARKETSHARE';
}

/** A retailer's option by id; one the list does not offer is named after its id. */
export function optionOf(byId: ReadonlyMap<number, RetailerOption>, id: number): RetailerOption {
  return byId.get(id) ?? { retailerId: id, retailerName: `Retailer ${id}`, projectSource: 'REM' };
}
