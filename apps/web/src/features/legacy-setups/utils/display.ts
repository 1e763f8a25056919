import {
  CLIENT_STATUS_LABELS,
  LEGACY_COMPLETED_STATUS,
  LEGACY_MENU_FLIP_Y_PX,
  MODULE_LABELS,
  PAGE_SIZE,
  type LegacySetup,
  type Module,
  type StatusOption,
} from '@onboarding/contracts';

export function isCompletedStatus(status: string | null | undefined): boolean {
  return (status ?? '').toLowerCase() === LEGACY_COMPLETED_STATUS;
}

/** A status code as the operator reads it: the server's name, the known label, or the code. */
export function statusLabel(code: string, options: readonly StatusOption[] = []): string {
  const fromServer = options.find((o) => o.id === code)?.name;
  if (fromServer) return fromServer;
  return (CLIENT_STATUS_LABELS as Record<string, string>)[code] ?? code;
}

/** The row menu opens upward when the click is lower than 680 px from the top. */
export function menuOpensUpward(clientY: number): boolean {
  return clientY > LEGACY_MENU_FLIP_Y_PX;
}

/** Pages of the ongoing list, from totalRecords on its first row. */
export function pageCount(rows: readonly LegacySetup[]): number {
  const total = rows[0]?.totalRecords ?? rows.length;
  return Math.max(1, Math.ceil(total / PAGE_SIZE));
}

/** The ongoing call's body for a search and a 1-based page. */
export function ongoingBody(searchText: string, page: number) {
  return { searchText, limit: PAGE_SIZE, offset: PAGE_SIZE * (Math.max(1, page) - 1) };
}

export function moduleLabel(module: Pick<Module, 'id' | 'name'>): string {
  return MODULE_LABELS[module.id] ?? module.name;
}

export function dateText(value: string | null | undefined): string {
  return value ? value : '-';
}

/** Updated/Created By: who changed the setup last, or who created it. */
export function changedBy(setup: Pick<LegacySetup, 'updatedBy' | 'createdBy'>): string {
  return setup.updatedBy || setup.createdBy || '-';
}
