import pLimit from 'p-limit';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

/** Where one row of a bulk action stands. */
export type BulkRowResult =
  | { state: 'queued' }
  | { state: 'running' }
  | { state: 'done'; message: string | null }
  | { state: 'failed'; error: string };

/** At most this many requests of one bulk action are in flight (issue 16). */
export const BULK_CONCURRENCY = 4;

export interface BulkRunnerOptions<T> {
  keyOf: (item: T) => string;
  /** Sends one row's request; resolves with the answer's message, if any. */
  task: (item: T) => Promise<string | null>;
  /** The operator-facing text of a failed request. */
  errorText: (error: unknown) => string;
  onChange: (results: ReadonlyMap<string, BulkRowResult>) => void;
  concurrency?: number;
}

/**
 * Runs one request per row, at most `concurrency` at a time. A row that is done, queued or in
 * flight is never sent again, so a retry (run again over the same rows) sends the failed ones only.
 */
export class BulkRunner<T> {
  private readonly results = new Map<string, BulkRowResult>();
  private readonly limit: ReturnType<typeof pLimit>;

  constructor(private readonly options: BulkRunnerOptions<T>) {
    this.limit = pLimit(options.concurrency ?? BULK_CONCURRENCY);
  }

  /** Queues every row not yet done or under way; resolves when they have all answered. */
  async run(items: readonly T[]): Promise<void> {
    const fresh = items.filter((item) => {
      const state = this.results.get(this.options.keyOf(item))?.state;
      return state === undefined || state === 'failed';
    });
    for (const item of fresh) this.set(item, { state: 'queued' });
    this.emit();
    await Promise.all(fresh.map((item) => this.limit(() => this.send(item))));
  }

  private async send(item: T): Promise<void> {
    this.set(item, { state: 'running' });
    this.emit();
    try {
      this.set(item, { state: 'done', message: await this.options.task(item) });
    } catch (error) {
      this.set(item, { state: 'failed', error: this.options.errorText(error) });
    }
    this.emit();
  }

  private set(item: T, result: BulkRowResult): void {
    this.results.set(this.options.keyOf(item), result);
  }

  private emit(): void {
    this.options.onChange(new Map(this.results));
  }
}

export interface BulkProgress {
  total: number;
  done: number;
  failed: number;
  /** Rows answered (done or failed). */
  finished: number;
  running: boolean;
}

export function bulkProgress(results: ReadonlyMap<string, BulkRowResult>): BulkProgress {
  let done = 0;
  let failed = 0;
  for (const r of results.values()) {
    if (r.state === 'done') done += 1;
    else if (r.state === 'failed') failed += 1;
  }
  const finished = done + failed;
  return { total: results.size, done, failed, finished, running: finished < results.size };
}

/**
 * A bulk action for a screen: `start` runs the rows (and, called again, retries the failed
 * ones), `results` and `progress` re-render as rows answer. `reset` forgets a finished run.
 */
export function useBulkRun<T>(options: Omit<BulkRunnerOptions<T>, 'onChange'>) {
  const [results, setResults] = useState<ReadonlyMap<string, BulkRowResult>>(new Map());
  const optionsRef = useRef(options);
  useEffect(() => {
    optionsRef.current = options;
  });
  const runnerRef = useRef<BulkRunner<T> | null>(null);

  const runner = useCallback(() => {
    runnerRef.current ??= new BulkRunner<T>({
      keyOf: (item) => optionsRef.current.keyOf(item),
      task: (item) => optionsRef.current.task(item),
      errorText: (error) => optionsRef.current.errorText(error),
      concurrency: optionsRef.current.concurrency,
      onChange: setResults,
    });
    return runnerRef.current;
  }, []);

  const start = useCallback((items: readonly T[]) => runner().run(items), [runner]);
  const reset = useCallback(() => {
    runnerRef.current = null;
    setResults(new Map());
  }, []);
  const progress = useMemo(() => bulkProgress(results), [results]);
  return { results, progress, start, reset };
}
