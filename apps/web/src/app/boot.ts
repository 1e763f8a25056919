/**
 * The page's entry. The app's chunk is the largest of a first load and must arrive and run
 * before the router asks for anything; so this small entry first asks for it, then for the
 * screen the address names and that screen's first data, all at once (docs/benchmarks.md).
 */
import { loadScreenCode, sendScreenRequests } from './start-screen';

// The small requests first, then the app's chunk (on every screen's path), then the screen's.
sendScreenRequests(window.location);
void import('./main');
loadScreenCode(window.location);
