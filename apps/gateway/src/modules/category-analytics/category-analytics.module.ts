import { Module } from '@nestjs/common';
import { createProxyModule } from '../../common/contract/proxy-module.factory.js';
import { operationsOf } from '../operations.js';

/** Shared with category analytics: P/categoryanalytics/* on the customer-setup API. */
@Module({})
export class CategoryAnalyticsModule {}

export const CategoryAnalyticsModuleRoutes = createProxyModule(
  CategoryAnalyticsModule,
  'categoryanalytics',
  operationsOf('categoryanalytics'),
);
