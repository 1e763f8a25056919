/** completed: the completed legacy setups. */
export { CompletedPage as Component } from '../components/completed-page';
