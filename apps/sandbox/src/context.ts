import type { SandboxDatabase } from './db/database.js';
import type { WorkflowEngine } from './workflow/engine.js';
import type { WorkflowRunner } from './workflow/runner.js';

export type Log = (line: Record<string, unknown>) => void;

/** What every feature of the sandbox works with. */
export interface SandboxContext {
  db: SandboxDatabase;
  engine: WorkflowEngine;
  runner: WorkflowRunner;
  log: Log;
}

/** Now, as the timestamps the upstreams send (ISO 8601). */
export const nowIso = () => new Date().toISOString();
