import { Controller, Inject } from '@nestjs/common';
import {
  type FleetFailures,
  type FleetHealth,
  type FleetMatching,
  type FleetMatchingQuery,
  type FleetSetups,
  type FleetSnapshot,
  fleetOps,
} from '@onboarding/contracts';
import { OperatorOperation } from '../auth/session/operator-operation.decorator.js';
import { ContractPipe, type ParsedRequest, RequestPartsOf } from '../proxy/contract.pipe.js';
import { FleetService, type FlowQuery } from './fleet.service.js';

/** The fleet snapshot's reads: every one behind the session, answered from the shared snapshot. */
@Controller()
export class FleetController {
  constructor(@Inject(FleetService) private readonly fleet: FleetService) {}

  @OperatorOperation(fleetOps.snapshot)
  snapshot(
    @RequestPartsOf(new ContractPipe(fleetOps.snapshot)) request: ParsedRequest,
  ): Promise<FleetSnapshot> {
    return this.fleet.snapshot(request.query as unknown as FlowQuery);
  }

  @OperatorOperation(fleetOps.setups)
  setups(
    @RequestPartsOf(new ContractPipe(fleetOps.setups)) request: ParsedRequest,
  ): Promise<FleetSetups> {
    return this.fleet.setups(request.query as unknown as FlowQuery & { setupIds: number[] });
  }

  @OperatorOperation(fleetOps.failures)
  failures(
    @RequestPartsOf(new ContractPipe(fleetOps.failures)) request: ParsedRequest,
  ): Promise<FleetFailures> {
    return this.fleet.failures(request.query as unknown as FlowQuery);
  }

  @OperatorOperation(fleetOps.matching)
  matching(
    @RequestPartsOf(new ContractPipe(fleetOps.matching)) request: ParsedRequest,
  ): Promise<FleetMatching> {
    return this.fleet.matching(request.query as unknown as FleetMatchingQuery);
  }

  @OperatorOperation(fleetOps.health)
  health(
    @RequestPartsOf(new ContractPipe(fleetOps.health)) request: ParsedRequest,
  ): Promise<FleetHealth> {
    return this.fleet.health(request.query as unknown as FlowQuery);
  }
}
