import { MESSAGES, type ClientOption } from '@onboarding/contracts';
import { nowIso } from '../context.js';
import type { SandboxDatabase } from '../db/database.js';
import { conflict } from '../http/errors.js';

/** Existing clients and registered prospects. */
export class ClientStore {
  constructor(private readonly db: SandboxDatabase) {}

  /** Existing clients (not prospects), by name, for the client picker. */
  existing(): ClientOption[] {
    return this.db
      .prepare<[], { client_id: number; client_name: string }>(
        'SELECT client_id, client_name FROM clients WHERE is_prospect = 0 ORDER BY client_key',
      )
      .all()
      .map((c) => ({ value: c.client_id, name: c.client_name }));
  }

  /** Whether any customer (client or prospect) has this name, case-insensitively. */
  exists(clientName: string): boolean {
    return (
      this.db
        .prepare('SELECT 1 FROM clients WHERE client_key = ?')
        .get(clientName.trim().toLowerCase()) !== undefined
    );
  }

  /** Registers a prospect; its id is then used for its setup. */
  addProspect(clientName: string, region: string): number {
    const name = clientName.trim();
    if (this.exists(name)) throw conflict(MESSAGES.customerExists);
    const next = this.db
      .prepare<[], { id: number }>('SELECT max(max(client_id) + 1, 2001) AS id FROM clients')
      .get()!.id;
    this.db
      .prepare(
        `INSERT INTO clients (client_id, client_name, client_key, region, is_prospect, created_at)
         VALUES (?, ?, ?, ?, 1, ?)`,
      )
      .run(next, name, name.toLowerCase(), region, nowIso());
    return next;
  }
}
