export { LoadingOverlay } from './loading-overlay.js';
