import {
  LEGACY_COMPLETED_STATUS,
  legacyOps,
  type LegacySetup,
  type OperationBody,
  type StatusOption,
} from '@onboarding/contracts';
import { envelope, FakeGateway } from '@test/fake-gateway';

const NOW = '2026-11-20T09:30:00.000Z';

const STATUS_OPTIONS: StatusOption[] = [
  { id: 'onTrack', name: 'On Track' },
  { id: 'delayed', name: 'Delayed' },
  { id: 'blocked', name: 'Blocked' },
  { id: 'completed', name: 'Completed' },
];

/** The legacy customer-setup service as the gateway forwards it, kept in memory for one test. */
export function fakeLegacyService(initial: LegacySetup[]) {
  let setups = [...initial];
  let nextId = Math.max(0, ...initial.map((s) => s.setupId)) + 1;
  const ongoing = () => setups.filter((s) => s.currentStatus !== LEGACY_COMPLETED_STATUS);
  const gateway = new FakeGateway()
    .on(legacyOps.status, () => STATUS_OPTIONS)
    .on(legacyOps.ongoing, ({ body }) => {
      const b = body as OperationBody<typeof legacyOps.ongoing>;
      const matching = ongoing().filter((s) =>
        s.clientName.toLowerCase().includes(b.searchText.trim().toLowerCase()),
      );
      return matching
        .slice(b.offset, b.offset + b.limit)
        .map((s) => ({ ...s, totalRecords: matching.length }));
    })
    .on(legacyOps.completed, () =>
      setups.filter((s) => s.currentStatus === LEGACY_COMPLETED_STATUS),
    )
    .on(legacyOps.isClientExists, ({ body }) => {
      const name = (body as { clientName: string }).clientName;
      return [{ isClientExists: setups.some((s) => s.clientName.toLowerCase() === name) }];
    })
    .on(legacyOps.getSetup, ({ body }) => {
      const id = (body as { setupId: number }).setupId;
      return (
        setups.find((s) => s.setupId === id) ??
        envelope(404, 'NOT_FOUND', `Setup ${id} does not exist`)
      );
    })
    .on(legacyOps.addNewSetup, ({ body }) => {
      const b = body as OperationBody<typeof legacyOps.addNewSetup>;
      setups = [
        ...setups,
        {
          setupId: nextId++,
          clientName: b.clientName,
          startDate: b.startDate ?? null,
          avcDate: b.avcDate ?? null,
          amsDate: b.amsDate ?? null,
          currentStatus: b.currentStatus,
          statusDetails: b.statusDetails ?? null,
          expectedSignoffDate: b.expectedSignoffDate ?? null,
          modules: b.modules,
          createdBy: 'operator@example.com',
          updatedBy: null,
          updatedat: NOW,
        },
      ];
      return { message: `Setup for ${b.clientName} added` };
    })
    .on(legacyOps.editSetup, ({ body }) => {
      const b = body as OperationBody<typeof legacyOps.editSetup>;
      setups = setups.map((s) =>
        s.setupId === b.setupId
          ? {
              ...s,
              currentStatus: b.currentStatus,
              statusDetails: b.statusDetails ?? null,
              expectedSignoffDate: b.expectedSignoffDate ?? null,
              updatedBy: 'operator@example.com',
            }
          : s,
      );
      return { message: `Setup for ${b.clientName} updated` };
    })
    .install();
  return { gateway, setups: () => setups };
}
