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
