import type { SetupRow } from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';

/** A page of list rows: setups of one or more retailers, with totalRecords on every row. */
export function setupRows(
  setups: {
    setupId: number;
    clientName: string;
    clientId?: number;
    isNewClient?: boolean;
    retailers: Partial<SetupRow>[];
  }[],
  total = setups.length,
): SetupRow[] {
  return setups.flatMap((s) =>
    s.retailers.map((r) =>
      fixtures.setupRow({
        setupId: s.setupId,
        clientName: s.clientName,
        clientId: s.clientId ?? s.setupId + 5000,
        isNewClient: s.isNewClient ?? false,
        retailerName: undefined,
        totalRecords: total,
        ...r,
      }),
    ),
  );
}

/**
 * The setups the list's bulk actions and keys are tried on: acme foods (11) with two COMPLETED
 * rows, globex (12) FAILED at analytics on one retailer and running on another, then one
 * COMPLETED setup per id in `more` ("client <id>").
 */
export function acmeAndGlobex(more: number[], total?: number): SetupRow[] {
  return setupRows(
    [
      {
        setupId: 11,
        clientName: 'acme foods',
        retailers: [
          { retailerId: 4, status: 'COMPLETED', stepName: 'sov_wf', ismarketshareEnabled: false },
          { retailerId: 7, status: 'COMPLETED', stepName: 'sov_wf', ismarketshareEnabled: true },
        ],
      },
      {
        setupId: 12,
        clientName: 'globex',
        retailers: [
          { retailerId: 4, status: 'FAILED', stepName: 'analytics', ismarketshareEnabled: false },
          { retailerId: 9, status: 'IN_PROGRESS', stepName: 'sti', ismarketshareEnabled: true },
        ],
      },
      ...more.map((setupId) => ({
        setupId,
        clientName: `client ${setupId}`,
        retailers: [{ retailerId: 4, status: 'COMPLETED', stepName: 'sov_wf' }],
      })),
    ],
    total,
  );
}
