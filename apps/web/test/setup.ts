import '@testing-library/jest-dom/jest-globals';
import { afterEach } from '@jest/globals';
import { configure } from '@testing-library/react';
import { clearEarlyRequests } from '@/lib/early-requests';
import { setUnauthorizedHandler } from '@/lib/unauthorized';
import { requireScreenTestHooks } from './screen-hooks';
// Jest's ESM loader can hand a module to one of two concurrent dynamic imports before it has
// finished evaluating (jestjs/jest#11434, nodejs/node#33216): the session guard and the list
// route's loader import the session module at the same moment. Browsers do not do this;
// evaluating it up front keeps the tests about the app rather than about the loader.
import '@/lib/session';

// Screens load their code lazily and wait on (fake) calls; on a busy machine that can take
// longer than the default second, so async queries wait up to 10 s before failing.
configure({ asyncUtilTimeout: 10_000 });

// A request a route loader sent early belongs to the test that rendered it.
afterEach(clearEarlyRequests);

// A session a test ended (a 401) stays ended until a call succeeds: the next test starts anew.
afterEach(() => setUnauthorizedHandler(null));

// What a gateway stand-in saw is checked by screenTestHooks; a file without it fails.
afterEach(requireScreenTestHooks);
