import { Module } from '@nestjs/common';
import { createProxyModule } from '../../common/contract/proxy-module.factory.js';
import { operationsOf } from '../operations.js';

/** Legacy customer setups: P/customer-setup/customersetup/* on the customer-setup API. */
@Module({})
export class LegacySetupsModule {}

export const LegacySetupsModuleRoutes = createProxyModule(
  LegacySetupsModule,
  'customersetup',
  operationsOf('customersetup'),
);
