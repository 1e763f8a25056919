import type { DynamicModule } from '@nestjs/common';
import { CategoryAnalyticsModuleRoutes } from './category-analytics/category-analytics.module.js';
import { LegacySetupsModuleRoutes } from './legacy-setups/legacy-setups.module.js';
import { ALL_OPERATIONS } from './operations.js';
import { ProductRegistryModuleRoutes } from './product-registry/product-registry.module.js';
import { ProductSetupsModuleRoutes } from './product-setups/product-setups.module.js';
import { PromptsModuleRoutes } from './prompts/prompts.module.js';
import { RemOmniModuleRoutes } from './rem-omni/rem-omni.module.js';

const MOUNTED_AREAS = new Set([
  'rem_omni',
  'categoryanalytics',
  'meta',
  'product_register',
  'customersetup',
  'llm',
]);

// A proxied operation of an area without a module would be declared but never served.
const orphan = ALL_OPERATIONS.find((op) => op.service !== 'gateway' && !MOUNTED_AREAS.has(op.area));
if (orphan) throw new Error(`Operation ${orphan.id} has no gateway module for area ${orphan.area}`);

/** One module per upstream prefix, each mounting the contracts' operations of its area. */
export const PROXY_MODULES: readonly DynamicModule[] = [
  RemOmniModuleRoutes,
  CategoryAnalyticsModuleRoutes,
  ProductSetupsModuleRoutes,
  ProductRegistryModuleRoutes,
  LegacySetupsModuleRoutes,
  PromptsModuleRoutes,
];
