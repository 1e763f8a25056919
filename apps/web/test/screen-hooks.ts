import { afterEach, beforeEach, expect, jest } from '@jest/globals';
import { cleanup } from '@testing-library/react';
import { gatewaysInstalled, takeInstalledGateways } from './fake-gateway';

let inUse = false;

/**
 * React's notes that the shell's and the list's idle-loaded pieces (the `?` key, the saved
 * views, the list's keys, and the slots that hold them) resolved or updated outside act(): they
 * arrive whenever a loaded machine gets to them, which no test controls. They say nothing about
 * what the screen shows, so they are not counted as errors; the same note about any other
 * component still is.
 */
const IDLE_PIECES_OUTSIDE_ACT = [
  /^A suspended resource finished loading inside a test, but the event was not wrapped in act/,
  /^An update to %s inside a test was not wrapped in act[\s\S]* (SavedViews|SetupsListKeys|ShortcutsHelpListener|IdleExtras|IdleLoaded)(Slot)?$/,
];

/**
 * The components that re-render on a wall-clock tick (`useNow`, src/lib/use-now.ts): a tick lands
 * outside act() whenever a test outlasts its interval, which a loaded machine decides, and it only
 * moves an age ("Updated 2 s ago"). Kept whole by test/clock-components.test.ts.
 */
export const CLOCK_COMPONENTS = [
  'ExpectedLivePanel',
  'FailureBoardFilterStage',
  'FailureBoardStatus',
  'FilterSummary',
  'SnapshotAge',
  'UpdatedAgo',
] as const;

const CLOCK_TICK_OUTSIDE_ACT = new RegExp(
  `^An update to %s inside a test was not wrapped in act[\\s\\S]* (${CLOCK_COMPONENTS.join('|')})$`,
);

/** One console.error call as a line of text, for matching against the expected errors. */
function logLine(args: unknown[]): string {
  return args
    .map((arg) => {
      if (arg instanceof Error) return `${arg.name}: ${arg.message}`;
      if (typeof arg === 'string') return arg;
      try {
        return JSON.stringify(arg) ?? String(arg);
      } catch {
        return String(arg);
      }
    })
    .join(' ');
}

/**
 * The hooks of every screen test file that puts a gateway stand-in (`FakeGateway`) in place of
 * `fetch`. Per test, console.error is recorded (and kept quiet); afterwards the screen is
 * unmounted, every stand-in the test installed is removed, and the test fails if any of them saw
 * a request the real gateway refuses (undeclared, no CSRF header, invalid by schema) or a call
 * it had no answer for, or if anything was logged with console.error that the test did not
 * declare with `expectErrorLogged` (or a declared error was never logged).
 */
export function screenTestHooks() {
  inUse = true;
  let errorLog: jest.SpiedFunction<typeof console.error> | undefined;
  let expected: RegExp[] = [];
  beforeEach(() => {
    expected = [];
    errorLog = jest.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    cleanup();
    const gateways = takeInstalledGateways();
    // Newest first: each one puts back the fetch it replaced.
    for (const gateway of [...gateways].reverse()) gateway.uninstall();
    const logged = (errorLog?.mock.calls.map(logLine) ?? []).filter(
      (line) =>
        !IDLE_PIECES_OUTSIDE_ACT.some((note) => note.test(line)) &&
        !CLOCK_TICK_OUTSIDE_ACT.test(line),
    );
    errorLog?.mockRestore();
    errorLog = undefined;
    // Each logged line takes one expectation it matches: one declaration, one line.
    const waiting = [...expected];
    const unexpectedErrors = logged.filter((line) => {
      const at = waiting.findIndex((pattern) => line.match(pattern) !== null);
      if (at >= 0) waiting.splice(at, 1);
      return at < 0;
    });
    expect({
      offContract: gateways.flatMap((g) => g.violations),
      unanswered: gateways.flatMap((g) => g.unanswered),
      unexpectedErrors,
      expectedErrorsNotLogged: waiting.map(String),
    }).toEqual({
      offContract: [],
      unanswered: [],
      unexpectedErrors: [],
      expectedErrorsNotLogged: [],
    });
  });
  return {
    /**
     * Declares that this test logs, `times` times, a console.error line matching `pattern` (the
     * call's arguments joined by spaces, an error as `name: message`). Checked after the test.
     */
    expectErrorLogged(pattern: RegExp, times = 1): void {
      if (!errorLog) throw new Error('Errors can be expected only while a test runs');
      for (let i = 0; i < times; i++) expected.push(pattern);
    },
  };
}

/**
 * For test/setup.ts: a test file that installs a stand-in must check it with `screenTestHooks`,
 * or what the stand-in saw would go unchecked.
 */
export function requireScreenTestHooks(): void {
  if (inUse || !gatewaysInstalled()) return;
  for (const gateway of takeInstalledGateways().reverse()) gateway.uninstall();
  throw new Error('This test installs a FakeGateway: call screenTestHooks() in its file.');
}
