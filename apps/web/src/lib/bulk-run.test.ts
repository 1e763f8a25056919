import { describe, expect, it } from '@jest/globals';
import { act, renderHook } from '@testing-library/react';
import { BulkRunner, bulkProgress, useBulkRun, type BulkRowResult } from './bulk-run';

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
    expect(h.results().get('a')).toEqual({ state: 'running' });
    expect(h.results().get('e')).toEqual({ state: 'queued' });
    expect(bulkProgress(h.results())).toEqual({
      total: 6,
      done: 0,
      failed: 0,
      finished: 0,
      running: true,
    });
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

describe('a bulk action on a screen', () => {
  function screen(fail: ReadonlySet<string>) {
    const sent: string[] = [];
    const task = (id: string) => {
      sent.push(id);
      return fail.has(id)
        ? Promise.reject(new Error(`${id} refused`))
        : Promise.resolve(`${id} ok`);
    };
    const hook = renderHook(
      (props: { task: (id: string) => Promise<string | null> }) =>
        useBulkRun<string>({
          keyOf: (id) => `row-${id}`,
          task: props.task,
          errorText: (error) => `Failed: ${(error as Error).message}`,
          concurrency: 1,
        }),
      { initialProps: { task } },
    );
    return { hook, sent, task };
  }

  it('shows each row as it answers, with the progress of the whole', async () => {
    const { hook } = screen(new Set(['b']));
    expect(hook.result.current.progress).toMatchObject({ total: 0, running: false });
    await act(() => hook.result.current.start(['a', 'b']));
    expect([...hook.result.current.results]).toEqual([
      ['row-a', { state: 'done', message: 'a ok' }],
      ['row-b', { state: 'failed', error: 'Failed: b refused' }],
    ]);
    expect(hook.result.current.progress).toEqual({
      total: 2,
      done: 1,
      failed: 1,
      finished: 2,
      running: false,
    });
  });

  it('retries only the failed rows when started again, with the task it has now', async () => {
    const { hook, sent } = screen(new Set(['b']));
    await act(() => hook.result.current.start(['a', 'b']));
    const retried: string[] = [];
    hook.rerender({
      task: (id) => {
        retried.push(id);
        return Promise.resolve('again');
      },
    });
    await act(() => hook.result.current.start(['a', 'b']));
    expect(sent).toEqual(['a', 'b']);
    expect(retried).toEqual(['b']);
    expect(hook.result.current.results.get('row-b')).toEqual({ state: 'done', message: 'again' });
    expect(hook.result.current.progress).toMatchObject({ done: 2, failed: 0 });
  });

  it('forgets a finished run when reset, and sends every row of the next', async () => {
    const { hook, sent } = screen(new Set());
    await act(() => hook.result.current.start(['a']));
    act(() => hook.result.current.reset());
    expect(hook.result.current.results.size).toBe(0);
    expect(hook.result.current.progress).toMatchObject({ total: 0 });
    await act(() => hook.result.current.start(['a']));
    expect(sent).toEqual(['a', 'a']);
  });
});
