import { describe, expect, it } from '@jest/globals';
import { CircuitBreaker } from './circuit-breaker.js';

describe('circuit breaker', () => {
  const setup = () => {
    let t = 0;
    const breaker = new CircuitBreaker(3, 1000, () => t);
    return { breaker, advance: (ms: number) => (t += ms) };
  };

  it('stays closed below the threshold and opens at it', () => {
    const { breaker } = setup();
    breaker.failure();
    breaker.failure();
    expect(breaker.acquire().allowed).toBe(true);
    breaker.failure();
    expect(breaker.current).toBe('open');
    expect(breaker.acquire().allowed).toBe(false);
  });

  it('a success in between resets the count', () => {
    const { breaker } = setup();
    breaker.failure();
    breaker.failure();
    breaker.success();
    breaker.failure();
    breaker.failure();
    expect(breaker.current).toBe('closed');
  });

  it('lets exactly one probe through after the reset time, and closes on its success', () => {
    const { breaker, advance } = setup();
    for (let i = 0; i < 3; i++) breaker.failure();
    advance(1000);
    expect(breaker.acquire().allowed).toBe(true);
    expect(breaker.acquire().allowed).toBe(false);
    breaker.success();
    expect(breaker.current).toBe('closed');
    expect(breaker.acquire().allowed).toBe(true);
  });

  it('opens again when the probe fails', () => {
    const { breaker, advance } = setup();
    for (let i = 0; i < 3; i++) breaker.failure();
    advance(1500);
    expect(breaker.acquire().allowed).toBe(true);
    breaker.failure();
    expect(breaker.current).toBe('open');
    const next = breaker.acquire();
    expect(next.allowed).toBe(false);
  });
});
