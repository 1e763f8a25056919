/** ongoing: the ongoing legacy setups. */
export { OngoingPage as Component } from '../components/ongoing-page';
