import { applyDecorators, HttpCode, UseGuards } from '@nestjs/common';
import type { AnyOperation } from '@onboarding/contracts';
import { AtRoute } from '../../common/contract/at-route.js';
import { ContractOperation } from '../../common/contract/openapi.js';
import { RateLimit } from '../../common/guards/rate-limit.guard.js';
import { SessionGuard } from './session.guard.js';

/**
 * A route the gateway answers itself for a signed-in operator: documented from its contract,
 * mapped at the contract's method and path, counted by the API limit, behind the session.
 */
export const OperatorOperation = (operation: AnyOperation, options: { status?: number } = {}) =>
  applyDecorators(
    ContractOperation(operation),
    AtRoute(operation),
    ...(options.status === undefined ? [] : [HttpCode(options.status)]),
    RateLimit({ limiter: 'api' }),
    UseGuards(SessionGuard),
  );
