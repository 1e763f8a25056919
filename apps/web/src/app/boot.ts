/**
 * The page's entry. The app's chunk is the largest of a first load and must arrive and run
 * before the router asks for anything; so this small entry sends the first data requests of the
 * screen the address names while the scripts its page preloads arrive (docs/benchmarks.md).
 */
import { sendScreenRequests } from './start-screen';

sendScreenRequests(window.location);
void import('./main');
