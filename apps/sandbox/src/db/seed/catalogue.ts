/** Seeded products with their registered workflow steps, prompts and legacy reference data. */

interface StepSeed {
  name: string;
  pollingDelay: number;
  expectedExecutionTime: number | null;
  isPolling: boolean;
  isRefreshRequired: boolean;
  shouldRunOnAdd: boolean;
  shouldRunOnEdit: boolean;
}

export interface ProductSeed {
  name: string;
  path: string;
  /** Retailers the product's setups use (ids). */
  retailers: readonly number[];
  steps: readonly StepSeed[];
}

const step = (
  name: string,
  pollingDelay: number,
  expectedExecutionTime: number | null,
  flags: Partial<Omit<StepSeed, 'name' | 'pollingDelay' | 'expectedExecutionTime'>> = {},
): StepSeed => ({
  name,
  pollingDelay,
  expectedExecutionTime,
  isPolling: flags.isPolling ?? true,
  isRefreshRequired: flags.isRefreshRequired ?? true,
  shouldRunOnAdd: flags.shouldRunOnAdd ?? true,
  shouldRunOnEdit: flags.shouldRunOnEdit ?? false,
});

export const PRODUCTS: readonly ProductSeed[] = [
  {
    name: 'Digital Shelf Analytics',
    path: '/digital-shelf/amazon/overview',
    retailers: [4, 12, 9, 17, 23],
    steps: [
      step('catalog_sync', 5, 30, { shouldRunOnEdit: true }),
      step('content_audit', 10, 45),
      step('search_rank_crawl', 15, 120, { shouldRunOnEdit: true }),
      step('price_tracking', 10, 60),
      step('availability_check', 5, 20, { isRefreshRequired: false }),
      step('dashboard_publish', 2, 10, { isPolling: false, shouldRunOnEdit: true }),
    ],
  },
  {
    name: 'Retail Media Insights',
    path: '/retail-media/walmart/campaigns',
    retailers: [12, 4, 9, 23],
    steps: [
      step('ads_account_link', 5, 15, { isRefreshRequired: false }),
      step('campaign_import', 15, 90),
      step('attribution_model', 30, 240),
      step('report_publish', 2, null, { isPolling: false, shouldRunOnEdit: true }),
    ],
  },
  {
    name: 'Share of Search',
    path: '/share-of-search/target/keywords',
    retailers: [9, 4, 12, 17],
    steps: [
      step('keyword_discovery', 10, 60),
      step('keyword_review', 30, null, { isPolling: false, isRefreshRequired: false }),
      step('serp_crawl', 15, 180, { shouldRunOnEdit: true }),
      step('volume_enrichment', 10, 45),
      step('share_compute', 10, 60, { shouldRunOnEdit: true }),
      step('competitor_mapping', 20, 90),
      step('insights_generation', 10, 30),
      step('dashboard_refresh', 2, 10, { isPolling: false, shouldRunOnEdit: true }),
    ],
  },
];

/** The text fields a registered step carries, filled the way the real registry holds them. */
export function stepTexts(productPath: string, name: string) {
  const service = productPath.split('/').filter(Boolean)[0] ?? 'product';
  return {
    triggerPayload: JSON.stringify({
      url: `https://jobs.internal.example/${service}/${name}/start`,
      method: 'POST',
      body: { clientId: '{{clientId}}', retailerId: '{{retailerId}}', setupId: '{{setupId}}' },
    }),
    statusPayload: JSON.stringify({
      url: `https://jobs.internal.example/${service}/${name}/status/{{requestId}}`,
      method: 'GET',
    }),
    requestIdPath: '$.data.requestId',
    statusPath: '$.data.state',
    statusMap: JSON.stringify({
      QUEUED: 'started',
      RUNNING: 'in_progress',
      SUCCESS: 'completed',
      ERROR: 'failed',
    }),
  };
}

export const LLM_CLIENTS: readonly { id: number; name: string }[] = [
  { id: 1, name: 'Common' },
  { id: 1001, name: 'Blue Harbor Foods' },
  { id: 1003, name: 'Northwind Beverages' },
  { id: 1008, name: 'Silverline Electronics' },
  { id: 1012, name: 'Lumen Beauty Labs' },
  { id: 1025, name: 'Bramble Pet Treats' },
];

export const PROMPTS: readonly {
  clientId: number;
  name: string;
  prompt: string;
  businessContext: string | null;
  variables: Record<string, string>;
}[] = [
  {
    clientId: 1,
    name: 'Weekly category summary',
    prompt:
      'Summarise how the {{category}} category moved on {{retailer}} in the week of {{week}}. Lead with share changes above {{threshold}} points, then name the three biggest movers.',
    businessContext: 'Sent to account managers every Monday with the refreshed data.',
    variables: {
      category: 'Snacks > Chips',
      retailer: 'Amazon',
      week: '2025-06-02',
      threshold: '0.5',
    },
  },
  {
    clientId: 1,
    name: 'Competitor price alert',
    prompt:
      'List products of {{competitors}} whose price on {{retailer}} dropped more than {{percent}}% versus last week, grouped by browse node.',
    businessContext: null,
    variables: { competitors: 'all tracked competitors', retailer: 'Walmart', percent: '10' },
  },
  {
    clientId: 1,
    name: 'Out-of-stock explanation',
    prompt:
      'Explain in two sentences why {{brand}} lost share on {{retailer}} this week, using the out-of-stock days ({{oosDays}}) and the search rank change ({{rankChange}}).',
    businessContext: 'Used in the client dashboard tooltip for share drops.',
    variables: { brand: '', retailer: 'Amazon', oosDays: '0', rankChange: '0' },
  },
  {
    clientId: 1001,
    name: 'Snack aisle narrative',
    prompt:
      'Write a short narrative for {{brand}} about the {{category}} aisle on {{retailer}}: share of shelf, share of search for "{{keyword}}", and price position against private label.',
    businessContext: 'Blue Harbor reviews this in their monthly business review.',
    variables: {
      brand: 'Tidewater Snacks',
      category: 'Chips',
      retailer: 'Target',
      keyword: 'kettle chips',
    },
  },
  {
    clientId: 1001,
    name: 'Promo performance recap',
    prompt:
      'Recap the {{promotion}} promotion for {{brand}}: units lift versus the {{baselineWeeks}}-week baseline and the share gained in {{category}}.',
    businessContext: null,
    variables: {
      promotion: 'Summer BBQ',
      brand: 'Blue Harbor',
      baselineWeeks: '4',
      category: 'Snacks',
    },
  },
  {
    clientId: 1003,
    name: 'Sparkling water share of voice',
    prompt:
      'Compare the share of voice of {{brand}} with {{competitor}} for the search terms {{keywords}} on {{retailer}} and suggest two terms to bid on.',
    businessContext: 'Northwind runs search campaigns on Amazon and Walmart.',
    variables: {
      brand: 'Gale Sparkling',
      competitor: 'the category leader',
      keywords: 'sparkling water, seltzer',
      retailer: 'Amazon',
    },
  },
  {
    clientId: 1008,
    name: 'Launch readiness check',
    prompt:
      'For the launch of {{product}} on {{launchDate}}, check content completeness, reviews count and search rank for {{keyword}} on {{retailer}}.',
    businessContext: 'Silverline launches two headphone lines per quarter.',
    variables: {
      product: 'Volt Pro X2',
      launchDate: '2025-09-15',
      keyword: 'wireless earbuds',
      retailer: 'Best Buy',
    },
  },
  {
    clientId: 1012,
    name: 'Review sentiment digest',
    prompt:
      'Digest the reviews of {{brand}} {{category}} products from the last {{days}} days: top three praised attributes and top three complaints, with one quote each.',
    businessContext: null,
    variables: { brand: 'Glow Theory', category: 'Serums', days: '30' },
  },
  {
    clientId: 1025,
    name: 'Treats assortment gaps',
    prompt:
      'Find browse nodes under {{category}} on {{retailer}} where {{brand}} has no listing but competitors have more than {{minListings}} listings.',
    businessContext: 'Bramble is expanding its dental treats range.',
    variables: {
      category: 'Pet Supplies > Dogs > Dog Treats',
      retailer: 'Walmart',
      brand: 'Good Boy Bites',
      minListings: '5',
    },
  },
];

/** Legacy status options; `completed` is the one that closes a setup. */
export const LEGACY_STATUSES: readonly { id: string; name: string }[] = [
  { id: 'onTrack', name: 'On Track' },
  { id: 'delayed', name: 'Delayed' },
  { id: 'blocked', name: 'Blocked' },
  { id: 'active', name: 'Active' },
  { id: 'completed', name: 'Completed' },
  { id: 'churned', name: 'Churned' },
];

export const LEGACY_MODULES: readonly { id: string; name: string }[] = [
  { id: 'ciqSales', name: 'CIQ Sales' },
  { id: 'ciqAdvAmazon', name: 'CIQ Adv for Amazon' },
  { id: 'ciqAdvAmazonAdditional', name: 'CIQ Adv for Amazon (Addition of Profile)' },
  { id: 'ciqAdvWalmart', name: 'CIQ Adv for Walmart' },
  { id: 'ciqAdvTarget', name: 'CIQ Adv for Target' },
  { id: 'ciqAdvInstacart', name: 'CIQ Adv for Instacart' },
  { id: 'amazonFresh', name: 'Amazon Fresh' },
  { id: 'rra', name: 'RRA' },
  { id: 'marketInsight', name: 'Market Insights' },
  { id: 'myciq', name: 'MyCIQ' },
];

export const REGIONS = ['US', 'CA', 'UK', 'Fr', 'De', 'IT', 'ES'] as const;

export const LEGACY_STATUS_DETAILS: Record<string, readonly string[]> = {
  onTrack: ['Data feeds connected; dashboards in QA', 'Kick-off done, credentials received'],
  delayed: ['Waiting on AMS API access from the client', 'Vendor Central credentials expired'],
  blocked: ['Legal review of the data-sharing agreement', 'Client has not shared the brand list'],
  active: ['Live; weekly refresh running', 'Live since sign-off, monitoring first refreshes'],
  completed: ['Signed off by the client', 'Handed over to account management'],
  churned: ['Contract not renewed', 'Client moved to another provider'],
};
