import {
  deriveProductRetailer,
  PROJECT_SOURCES,
  type RetailersResponse,
} from '@onboarding/contracts';
import type { SandboxDatabase } from '../db/database.js';

interface RetailerRecord {
  retailer_id: number;
  retailer_name: string;
  slug: string;
  project_source: (typeof PROJECT_SOURCES)[number];
}

/** Retailers in their groups; for a product, the product's own retailer comes first. */
export function retailerGroups(db: SandboxDatabase, productPath?: string): RetailersResponse {
  const all = db
    .prepare<[], RetailerRecord>(
      'SELECT retailer_id, retailer_name, slug, project_source FROM retailers ORDER BY position',
    )
    .all();
  const own = productPath ? deriveProductRetailer(productPath).toLowerCase() : undefined;
  const rank = (r: RetailerRecord) =>
    own && (r.slug === own || r.retailer_name.toLowerCase() === own) ? 0 : 1;
  return {
    data: PROJECT_SOURCES.map((source) => ({
      projectSource: source,
      data: all
        .filter((r) => r.project_source === source)
        .sort((a, b) => rank(a) - rank(b))
        .map((r) => ({ retailerId: r.retailer_id, retailerName: r.retailer_name })),
    })),
  };
}
