import { Controller, Inject, RequestMapping, RequestMethod, UseGuards } from '@nestjs/common';
import {
  API_ROUTES,
  type FleetFailures,
  type FleetHealth,
  type FleetSetups,
  type FleetSnapshot,
  fleetOps,
} from '@onboarding/contracts';
import { SessionGuard } from '../auth/session/session.guard.js';
import { ContractOperation } from '../common/contract/openapi.js';
import { RateLimit } from '../common/guards/rate-limit.guard.js';
import { ContractPipe, type ParsedRequest, RequestPartsOf } from '../proxy/contract.pipe.js';
import { FleetService, type FlowQuery } from './fleet.service.js';

const routes = API_ROUTES.fleet;
const mapping = (route: { method: keyof typeof RequestMethod; path: string }) => ({
  path: route.path,
  method: RequestMethod[route.method],
});

/** The fleet snapshot's reads: every one behind the session, answered from the shared snapshot. */
@Controller()
export class FleetController {
  constructor(@Inject(FleetService) private readonly fleet: FleetService) {}

  @ContractOperation(fleetOps.snapshot)
  @RequestMapping(mapping(routes.snapshot))
  @RateLimit({ limiter: 'api' })
  @UseGuards(SessionGuard)
  snapshot(
    @RequestPartsOf(new ContractPipe(fleetOps.snapshot)) request: ParsedRequest,
  ): Promise<FleetSnapshot> {
    return this.fleet.snapshot(request.query as unknown as FlowQuery);
  }

  @ContractOperation(fleetOps.setups)
  @RequestMapping(mapping(routes.setups))
  @RateLimit({ limiter: 'api' })
  @UseGuards(SessionGuard)
  setups(
    @RequestPartsOf(new ContractPipe(fleetOps.setups)) request: ParsedRequest,
  ): Promise<FleetSetups> {
    return this.fleet.setups(request.query as unknown as FlowQuery & { setupIds: number[] });
  }

  @ContractOperation(fleetOps.failures)
  @RequestMapping(mapping(routes.failures))
  @RateLimit({ limiter: 'api' })
  @UseGuards(SessionGuard)
  failures(
    @RequestPartsOf(new ContractPipe(fleetOps.failures)) request: ParsedRequest,
  ): Promise<FleetFailures> {
    return this.fleet.failures(request.query as unknown as FlowQuery);
  }

  @ContractOperation(fleetOps.health)
  @RequestMapping(mapping(routes.health))
  @RateLimit({ limiter: 'api' })
  @UseGuards(SessionGuard)
  health(
    @RequestPartsOf(new ContractPipe(fleetOps.health)) request: ParsedRequest,
  ): Promise<FleetHealth> {
    return this.fleet.health(request.query as unknown as FlowQuery);
  }
}
