import { describe, expect, it } from '@jest/globals';
import { BulkRunner, bulkProgress, type BulkRowResult } from './bulk-run';

/** A request that answers when the test says so. */
function deferred() {
  let resolve!: (message: string | null) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<string | null>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

function harness(concurrency?: number) {
  const pending = new Map<string, ReturnType<typeof deferred>>();
  const sent: string[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  let latest: ReadonlyMap<string, BulkRowResult> = new Map();
  const runner = new BulkRunner<string>({
    keyOf: (id) => id,
    task: async (id) => {
      sent.push(id);
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      const call = deferred();
      pending.set(id, call);
      try {
        return await call.promise;
      } finally {
        inFlight -= 1;
      }
    },
    errorText: (error) => (error as Error).message,
    onChange: (results) => {
      latest = results;
    },
    concurrency,
  });
  return {
    runner,
    sent,
    pending,
    results: () => latest,
    maxInFlight: () => maxInFlight,
  };
}

describe('bulk runner', () => {
  it('keeps at most four requests in flight and starts the next as one answers', async () => {
    const h = harness();
    const rows = ['a', 'b', 'c', 'd', 'e', 'f'];
    const run = h.runner.run(rows);
    await tick();
    expect(h.sent).toEqual(['a', 'b', 'c', 'd']);
    expect(h.results().get('e')).toEqual({ state: 'queued' });
    h.pending.get('b')!.resolve('Re-triggered');
    await tick();
    expect(h.sent).toEqual(['a', 'b', 'c', 'd', 'e']);
    for (const id of ['a', 'c', 'd', 'e']) h.pending.get(id)!.resolve(null);
    await tick();
    h.pending.get('f')!.resolve(null);
    await run;
    expect(h.maxInFlight()).toBe(4);
    expect(h.results().get('b')).toEqual({ state: 'done', message: 'Re-triggered' });
    expect(bulkProgress(h.results())).toEqual({
      total: 6,
      done: 6,
      failed: 0,
      finished: 6,
      running: false,
    });
  });

  it('keeps each row’s error and retries only the failed rows', async () => {
    const h = harness();
    const first = h.runner.run(['a', 'b', 'c']);
    await tick();
    h.pending.get('a')!.resolve(null);
    h.pending.get('b')!.reject(new Error('Oops..Something went wrong!'));
    h.pending.get('c')!.resolve(null);
    await first;
    expect(h.results().get('b')).toEqual({ state: 'failed', error: 'Oops..Something went wrong!' });
    expect(bulkProgress(h.results())).toMatchObject({ done: 2, failed: 1, running: false });

    const retry = h.runner.run(['a', 'b', 'c']);
    await tick();
    h.pending.get('b')!.resolve('ok');
    await retry;
    expect(h.sent).toEqual(['a', 'b', 'c', 'b']);
    expect(h.results().get('b')).toEqual({ state: 'done', message: 'ok' });
  });

  it('never sends a row twice while it is queued or in flight', async () => {
    const h = harness(1);
    const first = h.runner.run(['a', 'b']);
    const again = h.runner.run(['a', 'b']);
    await tick();
    h.pending.get('a')!.resolve(null);
    await tick();
    h.pending.get('b')!.resolve(null);
    await Promise.all([first, again]);
    expect(h.sent).toEqual(['a', 'b']);
  });
});
