import { afterEach, describe, expect, it } from '@jest/globals';
import { focusManager, QueryObserver } from '@tanstack/react-query';
import { ApiError } from './api-error';
import { createQueryClient } from './query-client';

const networkError = () =>
  new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Network error' });
const serverError = () => new ApiError({ status: 502, code: 'UPSTREAM_ERROR', message: 'Down' });

/** Reads once through a fresh client, failing each attempt with `fail()`; counts the attempts. */
async function attemptsOfFailingRead(fail: () => Error): Promise<number> {
  const client = createQueryClient();
  let attempts = 0;
  await expect(
    client.fetchQuery({
      queryKey: ['read'],
      queryFn: () => {
        attempts += 1;
        return Promise.reject(fail());
      },
      retryDelay: 0,
    }),
  ).rejects.toBeInstanceOf(Error);
  client.clear();
  return attempts;
}

afterEach(() => focusManager.setFocused(undefined));

describe('the query client', () => {
  it('retries a read once when the network failed', async () => {
    await expect(attemptsOfFailingRead(networkError)).resolves.toBe(2);
  });

  it('does not retry a read the server answered with an error', async () => {
    await expect(attemptsOfFailingRead(serverError)).resolves.toBe(1);
  });

  it('does not retry a read that failed in the browser', async () => {
    await expect(attemptsOfFailingRead(() => new TypeError('x is undefined'))).resolves.toBe(1);
  });

  it('does not read again when the window regains focus', async () => {
    const client = createQueryClient();
    client.mount();
    let reads = 0;
    const observer = new QueryObserver(client, {
      queryKey: ['read'],
      queryFn: () => {
        reads += 1;
        return Promise.resolve(reads);
      },
    });
    const stop = observer.subscribe(() => {});
    await client.getQueryCache().find({ queryKey: ['read'] })?.promise;
    expect(reads).toBe(1);
    focusManager.setFocused(false);
    focusManager.setFocused(true);
    await Promise.resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reads).toBe(1);
    stop();
    client.unmount();
    client.clear();
  });

  it('does not retry a change that failed', async () => {
    const client = createQueryClient();
    let attempts = 0;
    const mutation = client.getMutationCache().build(client, {
      mutationFn: () => {
        attempts += 1;
        return Promise.reject(networkError());
      },
      retryDelay: 0,
    });
    await expect(mutation.execute(undefined)).rejects.toBeInstanceOf(ApiError);
    expect(attempts).toBe(1);
    client.clear();
  });
});
