import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { ApiError } from './api-error';
import { readFresh, useFreshBaseline, type FreshBaselineOptions } from './fresh-baseline';

interface Prompt {
  name: string;
  prompt: string;
}

const OPENED: Prompt = { name: 'Category summary', prompt: 'Summarise {{category}}.' };
const SAVED_ELSEWHERE: Prompt = { name: 'Category summary', prompt: 'Summarise {{retailer}}.' };

/** A read the test answers, counting its calls. */
function reader() {
  const answers: { resolve: (p: Prompt) => void; reject: (e: unknown) => void }[] = [];
  const read = jest.fn(
    () =>
      new Promise<Prompt>((resolve, reject) => {
        answers.push({ resolve, reject });
      }),
  );
  return { read, answers };
}

function renderBaseline(
  opened: Prompt | undefined,
  read: () => Promise<Prompt>,
  options: Partial<FreshBaselineOptions<Prompt>> = {},
) {
  return renderHook(
    ({ record }: { record: Prompt | undefined }) =>
      useFreshBaseline(record, read, { what: 'Prompt 4', ...options }),
    { initialProps: { record: opened } },
  );
}

let errorLog: jest.SpiedFunction<typeof console.error>;
beforeEach(() => {
  errorLog = jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => errorLog.mockRestore());

describe('reading a record again before an update’s review', () => {
  it('compares with the record as the server holds it now: changed elsewhere', async () => {
    const { result } = renderBaseline(OPENED, () => Promise.resolve(SAVED_ELSEWHERE));
    await expect(result.current()).resolves.toStrictEqual({
      before: SAVED_ELSEWHERE,
      changedElsewhere: true,
    });
  });

  it('says nothing changed when the server holds the same data', async () => {
    const { result } = renderBaseline(OPENED, () => Promise.resolve({ ...OPENED }));
    await expect(result.current()).resolves.toStrictEqual({
      before: OPENED,
      changedElsewhere: false,
    });
  });

  it('judges sameness as the form says when it gives its own rule', async () => {
    const sameName = (a: Prompt, b: Prompt) => a.name === b.name;
    const { result } = renderBaseline(OPENED, () => Promise.resolve(SAVED_ELSEWHERE), {
      same: sameName,
    });
    await expect(result.current()).resolves.toMatchObject({ changedElsewhere: false });
  });

  it('compares with the record the form opened with, not a later one', async () => {
    const { result, rerender } = renderBaseline(OPENED, () => Promise.resolve(SAVED_ELSEWHERE));
    rerender({ record: SAVED_ELSEWHERE });
    await expect(result.current()).resolves.toMatchObject({ changedElsewhere: true });
  });

  it('opens no review and reads nothing on a form that adds a record', async () => {
    const { read } = reader();
    const { result } = renderBaseline(undefined, read);
    const review = result.current();
    expect(read).not.toHaveBeenCalled();
    await expect(review).resolves.toBeNull();
  });

  it('reads once for a second click while the first read is under way', async () => {
    const { read, answers } = reader();
    const { result } = renderBaseline(OPENED, read);
    const first = result.current();
    const second = result.current();
    expect(read).toHaveBeenCalledTimes(1);
    for (const answer of answers) answer.resolve(OPENED);
    await expect(second).resolves.toBeNull();
    await expect(first).resolves.toMatchObject({ changedElsewhere: false });
  });

  it('reads again for the next review once the last read has answered', async () => {
    const { read, answers } = reader();
    const { result } = renderBaseline(OPENED, read);
    const first = result.current();
    answers[0]!.resolve(OPENED);
    await first;
    const second = result.current();
    expect(read).toHaveBeenCalledTimes(2);
    answers[1]!.resolve(SAVED_ELSEWHERE);
    await expect(second).resolves.toMatchObject({ changedElsewhere: true });
  });

  it('reads again for the next review after a read that failed', async () => {
    const { read, answers } = reader();
    const { result } = renderBaseline(OPENED, read);
    const first = result.current();
    answers[0]!.reject(new Error('Network error'));
    await first;
    void result.current();
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('compares with the record as opened when it cannot be read, and logs why', async () => {
    const failure = new ApiError({ status: 502, code: 'UPSTREAM_ERROR', message: 'Upstream' });
    const { result } = renderBaseline(OPENED, () => Promise.reject(failure));
    await expect(result.current()).resolves.toStrictEqual({
      before: OPENED,
      changedElsewhere: false,
    });
    expect(errorLog.mock.calls).toEqual([
      ['Prompt 4 could not be read again before the review:', failure],
    ]);
  });

  it('opens no review once the session has ended (sign-in keeps the draft)', async () => {
    const ended = new ApiError({ status: 401, code: 'UNAUTHENTICATED', message: 'Sign in' });
    const { result } = renderBaseline(OPENED, () => Promise.reject(ended));
    await expect(result.current()).resolves.toBeNull();
    expect(errorLog).not.toHaveBeenCalled();
  });
});

describe('a fresh read of a cached query', () => {
  const KEY = ['llm.getPrompt', 4] as const;

  /** A client that keeps answers fresh for ever by default, as some screens ask. */
  function client() {
    const queryClient = new QueryClient({
      defaultOptions: { queries: { staleTime: Infinity, gcTime: Infinity, retry: false } },
    });
    const keys: QueryKey[] = [];
    queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'added') keys.push(event.query.queryKey as QueryKey);
    });
    return { queryClient, keys };
  }

  it('asks under a key of its own, leaving the form’s cached answer as opened', async () => {
    const { queryClient, keys } = client();
    queryClient.setQueryData(KEY, OPENED);
    const queryFn = jest.fn(() => Promise.resolve(SAVED_ELSEWHERE));
    await expect(readFresh(queryClient, { queryKey: KEY, queryFn })).resolves.toBe(SAVED_ELSEWHERE);
    expect(keys).toEqual([KEY, ['fresh', 'llm.getPrompt', 4]]);
    expect(queryClient.getQueryData(KEY)).toBe(OPENED);
  });

  it('asks the server each time, even right after the last read', async () => {
    const { queryClient } = client();
    const queryFn = jest.fn(() => Promise.resolve(OPENED));
    await readFresh(queryClient, { queryKey: KEY, queryFn });
    await readFresh(queryClient, { queryKey: KEY, queryFn });
    expect(queryFn).toHaveBeenCalledTimes(2);
  });

  it('keeps nothing of its answer once read', async () => {
    const { queryClient } = client();
    await readFresh(queryClient, { queryKey: KEY, queryFn: () => Promise.resolve(OPENED) });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(queryClient.getQueryCache().find({ queryKey: ['fresh', ...KEY] })).toBeUndefined();
  });
});
