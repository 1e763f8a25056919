export * from './core/operation.js';
export * from './core/api-error.js';
export * from './core/constants.js';
export * from './core/messages.js';
