import { Controller, Inject, RequestMapping, RequestMethod, UseGuards } from '@nestjs/common';
import { API_ROUTES, type FleetSnapshot, fleetOps } from '@onboarding/contracts';
import { SessionGuard } from '../auth/session/session.guard.js';
import { ContractOperation } from '../common/contract/openapi.js';
import { RateLimit } from '../common/guards/rate-limit.guard.js';
import { ContractPipe, type ParsedRequest, RequestPartsOf } from '../proxy/contract.pipe.js';
import { FleetService } from './fleet.service.js';

const { method, path } = API_ROUTES.fleet.snapshot;

@Controller()
export class FleetController {
  constructor(@Inject(FleetService) private readonly fleet: FleetService) {}

  @ContractOperation(fleetOps.snapshot)
  @RequestMapping({ path, method: RequestMethod[method] })
  @RateLimit({ limiter: 'api' })
  @UseGuards(SessionGuard)
  snapshot(
    @RequestPartsOf(new ContractPipe(fleetOps.snapshot)) request: ParsedRequest,
  ): Promise<FleetSnapshot> {
    return this.fleet.snapshot(request.query as { flow: 'rem_omni' | 'meta'; productId?: number });
  }
}
