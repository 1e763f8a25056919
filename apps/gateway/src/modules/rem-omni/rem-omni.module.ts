import { Module } from '@nestjs/common';
import { createProxyModule } from '../../common/contract/proxy-module.factory.js';
import { operationsOf } from '../operations.js';

/** Category leaderboard setups: P/rem_omni/* on the customer-setup API. */
@Module({})
export class RemOmniModule {}

export const RemOmniModuleRoutes = createProxyModule(
  RemOmniModule,
  'rem_omni',
  operationsOf('rem_omni'),
);
