import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { fixtures } from '@onboarding/contracts/testing';
import { act, cleanup, render, screen } from '@testing-library/react';
import { FakeEventSource } from './testing/fake-event-source';
import { useWatchStream, useWatchView } from './use-watch';

beforeEach(() => FakeEventSource.install());
afterEach(() => {
  cleanup();
  FakeEventSource.uninstall();
});

/** A bell of the failure watch: keeps the stream open and says what it holds. */
function Bell() {
  useWatchStream();
  const view = useWatchView();
  return <p>{view.connected ? `Watching: ${view.unseen.length} unseen` : 'Not watching'}</p>;
}

describe("the tab's failure watch, as a screen reads it", () => {
  it('opens the stream while shown and shows what it tells', () => {
    render(<Bell />);
    expect(FakeEventSource.live()).toHaveLength(1);
    expect(FakeEventSource.latest().url).toBe('/api/watch/stream');
    expect(screen.getByText('Not watching')).toBeVisible();
    act(() => FakeEventSource.latest().state({ latest: 0, seen: 0 }));
    expect(screen.getByText('Watching: 0 unseen')).toBeVisible();
    act(() => FakeEventSource.latest().event(fixtures.watchFailed({ sequence: 1 })));
    expect(screen.getByText('Watching: 1 unseen')).toBeVisible();
  });

  it('closes the stream once no screen shows it', () => {
    const bell = render(<Bell />);
    bell.unmount();
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(FakeEventSource.live()).toHaveLength(0);
  });
});
