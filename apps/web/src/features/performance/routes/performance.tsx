/** performance: only a notice. */
export { PerformancePage as Component } from '../components/performance-page';
