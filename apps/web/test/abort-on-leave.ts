/**
 * A data hook's request stops when its screen leaves: the fetch's signal is aborted on unmount.
 */
import { expect, jest } from '@jest/globals';
import { waitFor } from '@testing-library/react';

/**
 * Renders the hook while the gateway holds its answer, unmounts it, and expects the one fetch it
 * made aborted then and not before. `settle` lets a hook on jest's fake timers start its request;
 * `release` lets the held answer go at the end.
 */
export async function expectAbortedOnLeave(
  render: () => { unmount(): void },
  release: () => void,
  settle: () => Promise<unknown> = async () => {},
): Promise<void> {
  const fetchCalls = jest.spyOn(globalThis, 'fetch');
  try {
    const hook = render();
    await settle();
    await waitFor(() => expect(fetchCalls).toHaveBeenCalledTimes(1));
    const signal = fetchCalls.mock.calls[0]?.[1]?.signal;
    expect(signal?.aborted).toBe(false);
    hook.unmount();
    expect(signal?.aborted).toBe(true);
  } finally {
    fetchCalls.mockRestore();
    release();
  }
}
