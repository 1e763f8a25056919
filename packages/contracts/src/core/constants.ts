/** Business constants and our decisions on them (docs/requirements.md#constants). */

/** Page size of every paged list: limit 20, offset 20 × (page − 1). */
export const PAGE_SIZE = 20;
/** Page size of the browse-node search (docs/requirements.md#decision-browse-node-limits). */
export const NODE_SEARCH_PAGE_SIZE = 20;
/** Maximum browse nodes per retailer (docs/requirements.md#decision-browse-node-limits). */
export const MAX_BROWSE_NODES = 50;
/** The default retailer when none named after the host exists: Amazon. */
export const DEFAULT_RETAILER_ID = 4;
export const DEFAULT_RETAILER_NAME = 'Amazon';
/** The LLM service's "Common" client, used when a prompt has no client. */
export const COMMON_CLIENT_ID = 1;
export const COMMON_CLIENT_NAME = 'Common';

export const SEARCH_DEBOUNCE_MS = 500;
export const OPTION_SEARCH_DEBOUNCE_MS = 200;
export const PROMPT_VARIABLE_DEBOUNCE_MS = 1000;
export const NOTIFICATION_DURATION_MS = 3000;
/** Product save and step form re-enable after this long. */
export const SAVE_COOLDOWN_MS = 3000;
/** Live workflow views refetch this often while any step is still running. */
export const WORKFLOW_REFETCH_MS = 10_000;

export const ACCOUNT_NAME_MIN = 3;
export const ACCOUNT_NAME_MAX = 25;
/** The product name must be longer than this to enable saving. */
export const PRODUCT_NAME_MIN_EXCLUSIVE = 3;

export const DEFAULT_REGION = 'US';
export const BROWSE_TREE_HEIGHT_PX = 320;
export const DRAWER_WIDTH_PERCENT = 70;
/** The legacy row menu opens upward when the click is lower than this from the top. */
export const LEGACY_MENU_FLIP_Y_PX = 680;

export const DEFAULT_SCHEDULE = {
  freq: 'WEEKLY',
  interval: 1,
  byweekday: ['WE'],
  startTime: '05:30',
  end: 'NEVER',
} as const;

export const DEFAULT_STEP_FLAGS = {
  isRefreshRequired: true,
  shouldRunOnAdd: false,
  shouldRunOnEdit: false,
} as const;

/** Node search parameters the picker always sends. */
export const NODE_SEARCH_ORDER = 'asc';
export const NODE_SEARCH_NODE_TYPE = 'BSR';

/** Picker tree keys carry these suffixes. */
export const NODE_KEY_PARENT_SUFFIX = '_#PARENT';
export const NODE_KEY_CHILD_SUFFIX = '_#CHILD';

/** Input bounds the gateway enforces on every free-text field and list. */
export const MAX_TEXT = 500;
/** The longest search text a list call takes. */
export const MAX_SEARCH_TEXT = 100;
export const MAX_LONG_TEXT = 20_000;
export const MAX_LIST = 1000;
