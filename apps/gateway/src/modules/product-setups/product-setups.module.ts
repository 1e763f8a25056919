import { Module } from '@nestjs/common';
import { createProxyModule } from '../../common/contract/proxy-module.factory.js';
import { operationsOf } from '../operations.js';

/** Per-product setups: P/meta/* on the customer-setup API. */
@Module({})
export class ProductSetupsModule {}

export const ProductSetupsModuleRoutes = createProxyModule(
  ProductSetupsModule,
  'meta',
  operationsOf('meta'),
);
