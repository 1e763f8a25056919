/** Injection tokens of the values built before Nest starts (see gateway.ts). */
export const APP_CONFIG = Symbol('APP_CONFIG');
export const LOGGER = Symbol('LOGGER');
export const SESSION_STORE = Symbol('SESSION_STORE');
export const LIFECYCLE = Symbol('LIFECYCLE');
export const OIDC_CLIENT = Symbol('OIDC_CLIENT');
