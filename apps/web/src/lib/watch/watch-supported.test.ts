import { afterEach, describe, expect, it } from '@jest/globals';
import { FakeEventSource } from './testing/fake-event-source';
import { watchSupported } from './watch-supported';

afterEach(() => FakeEventSource.uninstall());

describe('whether this browser can hold the failure watch', () => {
  it('cannot without an EventSource, as in jsdom', () => {
    expect(watchSupported()).toBe(false);
  });

  it('can with an EventSource to open', () => {
    FakeEventSource.install();
    expect(watchSupported()).toBe(true);
  });
});
