export { createSandboxApp } from './app.js';
