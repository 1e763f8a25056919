// The container check's results: each check named after what it shows, printed as it ends, and
// the counts written for `npm test`'s summary line (scripts/test-summary.cjs).
import { Summary } from '../../../scripts/test-summary.cjs';
import { seconds } from './run.ts';

export class Report {
  readonly failures: { title: string; error: string }[] = [];
  passed = 0;
  readonly name: string;
  private readonly summary: Summary;

  constructor(name: string) {
    this.name = name;
    this.summary = new Summary(name);
  }

  private stopped = false;

  /** After Ctrl+C: the checks still under way or to come are neither run nor counted. */
  stop(): void {
    this.stopped = true;
  }

  /** Runs one check; a thrown error fails it (and is printed), the run goes on. */
  async check(title: string, fn: () => Promise<void> | void): Promise<boolean> {
    if (this.stopped) return false;
    const t0 = performance.now();
    try {
      await fn();
      if (this.stopped) return false;
      this.passed += 1;
      this.summary.pass(title);
      console.log(`  ✓ ${title} (${seconds(t0)} s)`);
      return true;
    } catch (error) {
      if (!this.stopped) this.fail(title, error);
      return false;
    }
  }

  /** A check that failed outside `check` (a step the others need, an interruption). */
  fail(title: string, error: unknown, evenIfStopped = false): void {
    if (this.stopped && !evenIfStopped) return;
    const message = error instanceof Error ? error.message : String(error);
    this.failures.push({ title, error: message });
    this.summary.fail();
    console.log(`  ✗ ${title}\n${message.replace(/^/gm, '      ')}`);
  }

  get ok(): boolean {
    return this.failures.length === 0;
  }

  write(): void {
    this.summary.write();
  }
}

/** Throws with `message` unless `condition` holds. */
export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** Throws, showing both, unless `actual` and `expected` are the same JSON. */
export function assertEqual(actual: unknown, expected: unknown, what: string): void {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) throw new Error(`${what}: expected ${e}, got ${a}`);
}
