import { Module } from '@nestjs/common';
import { createProxyModule } from '../../common/contract/proxy-module.factory.js';
import { operationsOf } from '../operations.js';

/** Products and steps: P/product_register/* on the customer-setup API. */
@Module({})
export class ProductRegistryModule {}

export const ProductRegistryModuleRoutes = createProxyModule(
  ProductRegistryModule,
  'product_register',
  operationsOf('product_register'),
);
