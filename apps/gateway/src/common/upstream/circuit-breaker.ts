export type CircuitState = 'closed' | 'open' | 'half-open';

/**
 * A small per-upstream circuit breaker: after `threshold` consecutive failures it opens and
 * answers at once without calling; after `resetMs` it lets one probe through (half-open): a
 * success closes it, a failure opens it again.
 */
export class CircuitBreaker {
  private state: CircuitState = 'closed';
  private failures = 0;
  private openedAt = 0;
  private probeInFlight = false;

  constructor(
    private readonly threshold: number,
    private readonly resetMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether a call may go out now; when not, how long until the next probe. */
  acquire(): { allowed: true } | { allowed: false; retryAfterMs: number } {
    if (this.state === 'closed') return { allowed: true };
    const waited = this.now() - this.openedAt;
    if (this.state === 'open' && waited >= this.resetMs) {
      this.state = 'half-open';
      this.probeInFlight = false;
    }
    if (this.state === 'half-open' && !this.probeInFlight) {
      this.probeInFlight = true;
      return { allowed: true };
    }
    return { allowed: false, retryAfterMs: Math.max(this.resetMs - waited, 1000) };
  }

  success(): void {
    this.state = 'closed';
    this.failures = 0;
    this.probeInFlight = false;
  }

  failure(): void {
    this.failures += 1;
    if (this.state === 'half-open' || this.failures >= this.threshold) {
      this.state = 'open';
      this.openedAt = this.now();
      this.probeInFlight = false;
    }
  }

  /** A call that ended without telling anything about the upstream's health (e.g. a 4xx). */
  neutral(): void {
    if (this.state === 'half-open') this.success();
    else this.failures = 0;
  }

  get current(): CircuitState {
    return this.state;
  }
}
