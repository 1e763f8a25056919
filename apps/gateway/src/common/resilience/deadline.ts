import { type TimeoutPolicy, TaskCancelledError, timeout, TimeoutStrategy } from 'cockatiel';

export class DeadlineError extends Error {
  override readonly name = 'DeadlineError';
}

/**
 * Session store, Redis and upstream calls share this deadline, so nothing on a request's path waits
 * on a paused or hung service: the work is abandoned (signal aborted, a late answer ignored).
 */
export class Deadline {
  readonly policy: TimeoutPolicy;

  constructor(
    readonly ms: number,
    private readonly what: string,
  ) {
    this.policy = timeout(ms, { strategy: TimeoutStrategy.Aggressive, abortOnReturn: false });
  }

  /** `work` within the deadline, or a DeadlineError naming what did not answer. */
  async run<T>(work: (signal: AbortSignal) => PromiseLike<T>): Promise<T> {
    return this.policy
      .execute(({ signal }) => work(signal))
      .catch((err: unknown) => {
        if (err instanceof TaskCancelledError)
          throw new DeadlineError(`${this.what} did not answer in ${this.ms} ms`);
        throw err;
      });
  }
}
