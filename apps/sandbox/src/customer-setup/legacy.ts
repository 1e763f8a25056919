import {
  LEGACY_COMPLETED_STATUS,
  MESSAGES,
  type LegacySetup,
  type legacyOps,
  type Module,
  type StatusOption,
} from '@onboarding/contracts';
import { nowIso, type SandboxContext } from '../context.js';
import type { SandboxDatabase } from '../db/database.js';
import { badRequest, conflict, notFound } from '../http/errors.js';
import type { HandlerMap } from '../http/operations.js';

interface LegacyRecord {
  setup_id: number;
  client_name: string;
  start_date: string | null;
  avc_date: string | null;
  ams_date: string | null;
  current_status: string;
  status_details: string | null;
  expected_signoff_date: string | null;
  modules: string;
  created_by: string | null;
  updated_by: string | null;
  updated_at: string;
}

interface LegacyFields {
  clientName: string;
  startDate?: string | null | undefined;
  avcDate?: string | null | undefined;
  amsDate?: string | null | undefined;
  currentStatus: string;
  statusDetails?: string | null | undefined;
  expectedSignoffDate?: string | null | undefined;
  modules: readonly Module[];
}

const toSetup = (r: LegacyRecord, totalRecords?: number): LegacySetup => ({
  setupId: r.setup_id,
  clientName: r.client_name,
  startDate: r.start_date,
  avcDate: r.avc_date,
  amsDate: r.ams_date,
  currentStatus: r.current_status,
  statusDetails: r.status_details,
  expectedSignoffDate: r.expected_signoff_date,
  modules: JSON.parse(r.modules) as Module[],
  createdBy: r.created_by,
  updatedBy: r.updated_by,
  updatedat: r.updated_at,
  ...(totalRecords === undefined ? {} : { totalRecords }),
});

/** Legacy customer setups: ongoing until their status is `completed`. */
class LegacyStore {
  constructor(private readonly db: SandboxDatabase) {}

  ongoing(q: { searchText: string; limit: number; offset: number }): LegacySetup[] {
    const search = q.searchText.trim().toLowerCase();
    const where = 'current_status <> ? AND instr(client_key, ?) > 0';
    const total = this.db
      .prepare<[string, string], { n: number }>(
        `SELECT count(*) AS n FROM legacy_setups WHERE ${where}`,
      )
      .get(LEGACY_COMPLETED_STATUS, search)!.n;
    return this.db
      .prepare<[string, string, number, number], LegacyRecord>(
        `SELECT * FROM legacy_setups WHERE ${where} ORDER BY updated_at DESC, setup_id DESC LIMIT ? OFFSET ?`,
      )
      .all(LEGACY_COMPLETED_STATUS, search, q.limit, q.offset)
      .map((r) => toSetup(r, total));
  }

  completed(): LegacySetup[] {
    return this.db
      .prepare<[string], LegacyRecord>(
        'SELECT * FROM legacy_setups WHERE current_status = ? ORDER BY updated_at DESC, setup_id DESC',
      )
      .all(LEGACY_COMPLETED_STATUS)
      .map((r) => toSetup(r));
  }

  statuses(): StatusOption[] {
    return this.db
      .prepare<[], StatusOption>('SELECT id, name FROM legacy_status_options ORDER BY position')
      .all();
  }

  exists(clientName: string): boolean {
    return (
      this.db
        .prepare('SELECT 1 FROM legacy_setups WHERE client_key = ?')
        .get(clientName.trim().toLowerCase()) !== undefined
    );
  }

  get(setupId: number): LegacySetup {
    return toSetup(this.record(setupId));
  }

  add(fields: LegacyFields, createdBy: string | null): number {
    this.checkStatus(fields.currentStatus);
    if (this.exists(fields.clientName)) throw conflict(MESSAGES.legacyClientExists);
    const now = nowIso();
    return Number(
      this.db
        .prepare(
          `INSERT INTO legacy_setups (client_name, client_key, start_date, avc_date, ams_date,
             current_status, status_details, expected_signoff_date, modules, created_by, updated_by,
             created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?)`,
        )
        .run(
          fields.clientName.trim(),
          fields.clientName.trim().toLowerCase(),
          fields.startDate ?? null,
          fields.avcDate ?? null,
          fields.amsDate ?? null,
          fields.currentStatus,
          fields.statusDetails ?? null,
          fields.expectedSignoffDate ?? null,
          JSON.stringify(fields.modules),
          createdBy,
          now,
          now,
        ).lastInsertRowid,
    );
  }

  /**
   * Saves an edit. The client name is fixed once added (the form shows it read-only); a setup
   * already completed cannot be edited.
   */
  edit(setupId: number, fields: LegacyFields, updatedBy: string | null): LegacySetup {
    const current = this.record(setupId);
    if (current.current_status === LEGACY_COMPLETED_STATUS) {
      throw conflict(`Setup ${setupId} is completed and can no longer be edited`);
    }
    this.checkStatus(fields.currentStatus);
    this.db
      .prepare(
        `UPDATE legacy_setups SET start_date = ?, avc_date = ?, ams_date = ?, current_status = ?,
           status_details = ?, expected_signoff_date = ?, modules = ?, updated_by = ?, updated_at = ?
         WHERE setup_id = ?`,
      )
      .run(
        fields.startDate ?? null,
        fields.avcDate ?? null,
        fields.amsDate ?? null,
        fields.currentStatus,
        fields.statusDetails ?? null,
        fields.expectedSignoffDate ?? null,
        JSON.stringify(fields.modules.length > 0 ? fields.modules : JSON.parse(current.modules)),
        updatedBy,
        nowIso(),
        setupId,
      );
    return this.get(setupId);
  }

  private record(setupId: number): LegacyRecord {
    const r = this.db
      .prepare<[number], LegacyRecord>('SELECT * FROM legacy_setups WHERE setup_id = ?')
      .get(setupId);
    if (!r) throw notFound(`Setup ${setupId} does not exist`);
    return r;
  }

  private checkStatus(status: string) {
    if (!this.db.prepare('SELECT 1 FROM legacy_status_options WHERE id = ?').get(status)) {
      throw badRequest(`Unknown status ${status}`);
    }
  }
}

export function legacyHandlers(ctx: SandboxContext): HandlerMap<typeof legacyOps> {
  const store = new LegacyStore(ctx.db);
  return {
    ongoing: ({ body }) => store.ongoing(body),
    completed: () => store.completed(),
    status: () => store.statuses(),
    isClientExists: ({ body }) => [{ isClientExists: store.exists(body.clientName) }],
    addNewSetup: ({ body, userEmail }) => {
      const { createdBy, ...fields } = body;
      const id = store.add(fields, createdBy?.trim() || userEmail || null);
      return { message: `Setup for ${fields.clientName} added`, setupId: id };
    },
    getSetup: ({ body }) => store.get(body.setupId),
    editSetup: ({ body, userEmail }) => {
      const { setupId, updatedBy, ...fields } = body;
      const saved = store.edit(setupId, fields, updatedBy?.trim() || userEmail || null);
      return {
        message:
          saved.currentStatus === LEGACY_COMPLETED_STATUS
            ? `Setup for ${saved.clientName} marked as complete`
            : `Setup for ${saved.clientName} updated`,
      };
    },
  };
}
