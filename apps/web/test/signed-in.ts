import { fleetOps, remOmniOps, sessionOps, viewsOps } from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import { FakeGateway } from './fake-gateway';
import { fleetSetupsFrom, NO_SNAPSHOT } from './fleet';

export const OPERATOR = 'operator@example.com';
export const DASHBOARD = 'http://dashboards.test';

/**
 * A gateway with a signed-in operator, the seeded retailers, no fleet snapshot yet and no saved
 * views (the setups list's views row asks them once it has loaded; test/views.ts keeps some).
 */
export function signedInGateway(): FakeGateway {
  return new FakeGateway()
    .on(
      sessionOps.config,
      fixtures.sessionConfig({ user: { email: OPERATOR }, dashboardBaseUrl: DASHBOARD }),
    )
    .on(remOmniOps.getRetailers, {
      data: [
        fixtures.retailerGroup({
          projectSource: 'REM',
          data: [
            { retailerId: 4, retailerName: 'Amazon' },
            { retailerId: 7, retailerName: 'Walmart' },
          ],
        }),
        fixtures.retailerGroup({
          projectSource: 'MARKETSHARE',
          data: [{ retailerId: 9, retailerName: 'Target' }],
        }),
      ],
    })
    .on(remOmniOps.allSetup, [])
    .on(remOmniOps.browseNodes, fixtures.browseNodesResponse())
    .on(fleetOps.setups, fleetSetupsFrom([], NO_SNAPSHOT))
    .on(viewsOps.list, { views: [] });
}
