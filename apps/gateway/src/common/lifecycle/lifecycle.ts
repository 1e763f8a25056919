/** Whether the gateway is draining for shutdown (not ready, finishing in-flight requests). */
export class Lifecycle {
  private drainingSince: number | undefined;
  private inFlight = 0;
  private readonly idleWaiters: (() => void)[] = [];

  get draining(): boolean {
    return this.drainingSince !== undefined;
  }

  startDraining(): void {
    this.drainingSince ??= Date.now();
  }

  requestStarted(): void {
    this.inFlight += 1;
  }

  requestEnded(): void {
    this.inFlight -= 1;
    if (this.inFlight === 0) for (const w of this.idleWaiters.splice(0)) w();
  }

  get active(): number {
    return this.inFlight;
  }

  /** Resolves when no request is in flight. */
  whenIdle(): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }
}
