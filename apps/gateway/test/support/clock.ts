import { jest } from '@jest/globals';

/**
 * Fakes jest's Date alone, which the gateway in this process reads for its session expiry and
 * its circuit breakers: a timeout passes when the test moves the clock (jest.setSystemTime), not
 * in real seconds, while timers, sockets and performance.now() run as usual. Undo with
 * jest.useRealTimers().
 */
export function fakeTheClockOnly(): void {
  jest.useFakeTimers({
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
}
