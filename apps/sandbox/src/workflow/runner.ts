import type { WorkflowEngine } from './engine.js';

/** setTimeout's longest delay; later transitions are re-armed when this fires. */
const MAX_DELAY_MS = 2 ** 31 - 1;

/**
 * Drives the engine on the clock: one timer for the earliest due transition. All state is
 * in SQLite, so a restarted sandbox picks up every run where it stopped.
 */
export class WorkflowRunner {
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly engine: WorkflowEngine,
    private readonly log: (line: Record<string, unknown>) => void = () => {},
  ) {}

  /** (Re)arms the timer; call after anything that starts or resumes a run. */
  schedule(): void {
    if (this.closed) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const due = this.engine.nextDueAt();
    if (due === null) return;
    const delay = Math.min(Math.max(due - Date.now(), 0), MAX_DELAY_MS);
    this.timer = setTimeout(() => this.tick(), delay);
    this.timer.unref();
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private tick(): void {
    this.timer = undefined;
    if (this.closed) return;
    const now = Date.now();
    for (const key of this.engine.dueRuns(now)) {
      try {
        this.engine.advance(key, now);
      } catch (error) {
        this.log({ msg: 'workflow transition failed', ...key, error: String(error) });
      }
    }
    this.schedule();
  }
}
