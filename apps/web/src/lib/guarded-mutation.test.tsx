import { describe, expect, it, jest } from '@jest/globals';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ApiError } from './api-error';
import { useGuardedMutation, type IntentGuard } from './guarded-mutation';
import { createQueryClient } from './query-client';

/** A request that answers when the test says so. */
function deferred() {
  let resolve!: (value: string) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<string>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A prompt's delete: one request per call, each answered by the test. */
function renderDelete(guard?: IntentGuard<number>) {
  const calls: { id: number; answer: ReturnType<typeof deferred> }[] = [];
  const mutationFn = (id: number) => {
    const answer = deferred();
    calls.push({ id, answer });
    return answer.promise;
  };
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => useGuardedMutation({ mutationFn }, guard), { wrapper });
  return { calls, result: hook.result, sent: () => calls.map((c) => c.id) };
}

/** Lets the mutation reach its request (react-query calls it a tick later) and answers land. */
const flush = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

const byId: IntentGuard<number> = { intentOf: (id) => String(id) };
const unauthenticated = () =>
  new ApiError({ status: 401, code: 'UNAUTHENTICATED', message: 'Sign in' });

describe('a mutation sent once per intent', () => {
  it('sends one request for two clicks in the same frame, both answered by it', async () => {
    const { calls, result, sent } = renderDelete();
    const first = result.current.mutateAsync(1);
    const second = result.current.mutateAsync(1);
    expect(second).toBe(first);
    await flush();
    expect(sent()).toEqual([1]);
    calls[0]!.answer.resolve('Deleted');
    await flush();
    await expect(second).resolves.toBe('Deleted');
  });

  it('takes every call as the same intent unless the caller tells them apart', async () => {
    const { result, sent } = renderDelete();
    void result.current.mutateAsync(1);
    void result.current.mutateAsync(2);
    await flush();
    expect(sent()).toEqual([1]);
  });

  it('sends a request for each intent the caller tells apart, and one per intent', async () => {
    const { result, sent } = renderDelete(byId);
    void result.current.mutateAsync(1);
    void result.current.mutateAsync(2);
    void result.current.mutateAsync(1);
    await flush();
    expect(sent()).toEqual([1, 2]);
  });

  it('sends again for the intent once its request has answered', async () => {
    const { calls, result, sent } = renderDelete(byId);
    const first = result.current.mutateAsync(1);
    await flush();
    calls[0]!.answer.resolve('Deleted');
    await flush();
    await first;
    void result.current.mutateAsync(1);
    await flush();
    expect(sent()).toEqual([1, 1]);
  });

  it('lets the operator try again once the request has failed', async () => {
    const { calls, result, sent } = renderDelete(byId);
    const first = result.current.mutateAsync(1);
    await flush();
    calls[0]!.answer.reject(new Error('Oops..Something went wrong!'));
    await flush();
    await expect(first).rejects.toThrow('Oops..Something went wrong!');
    void result.current.mutateAsync(1).catch(() => undefined);
    await flush();
    expect(sent()).toEqual([1, 1]);
  });

  it('guards mutate as mutateAsync, without an unhandled rejection when it fails', async () => {
    const { calls, result, sent } = renderDelete();
    const onError = jest.fn();
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    try {
      result.current.mutate(1, { onError });
      result.current.mutate(1, { onError });
      await flush();
      expect(sent()).toEqual([1]);
      calls[0]!.answer.reject(new Error('Oops..Something went wrong!'));
      await flush();
      await flush();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
    expect(onError).toHaveBeenCalledTimes(1);
    expect(unhandled).not.toHaveBeenCalled();
  });

  it("tells the request's progress and answer as a mutation does", async () => {
    const { calls, result } = renderDelete();
    expect(result.current.isIdle).toBe(true);
    void result.current.mutateAsync(1);
    // The query cache tells its observers on a timer of its own: on a busy machine a tick later.
    await waitFor(() => expect(result.current.isPending).toBe(true));
    calls[0]!.answer.resolve('Deleted');
    await waitFor(() => expect(result.current).toMatchObject({ isSuccess: true, data: 'Deleted' }));
  });
});

describe('a form that leaves after a success (once)', () => {
  it('sends nothing more after the success, answering later calls with it', async () => {
    const { calls, result, sent } = renderDelete({ ...byId, once: true });
    const first = result.current.mutateAsync(1);
    await flush();
    calls[0]!.answer.resolve('Saved');
    await flush();
    await first;
    const later = result.current.mutateAsync(2);
    await flush();
    expect(sent()).toEqual([1]);
    await expect(later).resolves.toBe('Saved');
  });

  it('can still be sent again after a failure', async () => {
    const { calls, result, sent } = renderDelete({ once: true });
    const first = result.current.mutateAsync(1).catch(() => undefined);
    await flush();
    calls[0]!.answer.reject(new Error('Oops..Something went wrong!'));
    await flush();
    await first;
    void result.current.mutateAsync(1);
    await flush();
    expect(sent()).toEqual([1, 1]);
  });

  it('without once, sends again after a success', async () => {
    const { calls, result, sent } = renderDelete({ once: false });
    const first = result.current.mutateAsync(1);
    await flush();
    calls[0]!.answer.resolve('Saved');
    await flush();
    await first;
    void result.current.mutateAsync(2);
    await flush();
    expect(sent()).toEqual([1, 2]);
  });
});

describe("a call's own failure handling", () => {
  it('is told of a failure', async () => {
    const { calls, result } = renderDelete();
    const onError = jest.fn();
    const failure = new ApiError({ status: 502, code: 'UPSTREAM_ERROR', message: 'Upstream' });
    const first = result.current.mutateAsync(1, { onError }).catch(() => undefined);
    await flush();
    calls[0]!.answer.reject(failure);
    await flush();
    await first;
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]?.[0]).toBe(failure);
    expect(onError.mock.calls[0]?.[1]).toBe(1);
  });

  it('is not told of a session end, which leads to sign-in instead', async () => {
    const { calls, result } = renderDelete();
    const onError = jest.fn();
    const onSettled = jest.fn();
    const first = result.current.mutateAsync(1, { onError, onSettled });
    await flush();
    calls[0]!.answer.reject(unauthenticated());
    await flush();
    await expect(first).rejects.toMatchObject({ status: 401 });
    expect(onError).not.toHaveBeenCalled();
    expect(onSettled).toHaveBeenCalledTimes(1);
  });

  it('gets the other call options as given', async () => {
    const { calls, result } = renderDelete();
    const onSuccess = jest.fn();
    const first = result.current.mutateAsync(1, { onSuccess });
    await flush();
    calls[0]!.answer.resolve('Deleted');
    await flush();
    await first;
    expect(onSuccess.mock.calls[0]?.[0]).toBe('Deleted');
  });
});
