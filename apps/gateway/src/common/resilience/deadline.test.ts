import { describe, expect, it } from '@jest/globals';
import { setTimeout as sleep } from 'node:timers/promises';
import { Deadline, DeadlineError } from './deadline.js';

const never = () => new Promise<never>(() => undefined);

describe('the deadline of a call to a store or an upstream', () => {
  it('passes on the answer of work that ends in time, its signal left alone', async () => {
    const deadline = new Deadline(200, 'redis');
    let seen: AbortSignal | undefined;
    const answer = await deadline.run(async (signal) => {
      seen = signal;
      await sleep(5);
      return 'PONG';
    });
    expect(answer).toBe('PONG');
    expect(deadline.ms).toBe(200);
    // The work ended: nothing aborts what it may have left running (a stream being read).
    expect(seen?.aborted).toBe(false);
  });

  it('gives up on work that does not answer in time with an error naming what and how long', async () => {
    const deadline = new Deadline(30, 'the session store');
    const started = Date.now();
    const err = await deadline.run(never).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DeadlineError);
    expect(err).toMatchObject({
      name: 'DeadlineError',
      message: 'the session store did not answer in 30 ms',
    });
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('aborts the signal of the work it gives up on, and ignores its late answer', async () => {
    const deadline = new Deadline(20, 'customer-setup');
    let signal: AbortSignal | undefined;
    let finish: (value: string) => void = () => undefined;
    const outcome = deadline
      .run((s) => {
        signal = s;
        return new Promise<string>((resolve) => (finish = resolve));
      })
      .catch((e: unknown) => e);
    expect(signal?.aborted).toBe(false);
    expect(await outcome).toBeInstanceOf(DeadlineError);
    expect(signal?.aborted).toBe(true);
    finish('too late');
    await sleep(1);
    expect(await outcome).toBeInstanceOf(DeadlineError);
  });

  it('passes on the work’s own failure as it is', async () => {
    const deadline = new Deadline(200, 'redis');
    const failure = new Error('ECONNREFUSED');
    await expect(deadline.run(() => Promise.reject(failure))).rejects.toBe(failure);
  });
});
