export const APP_CONFIG = Symbol('APP_CONFIG');
/** The pino logger made before Nest: nestjs-pino's (logging.module.ts), and that of the stores and
 * clients the core module makes; Nest's classes log through PinoLogger. */
export const LOGGER = Symbol('LOGGER');
export const REDIS = Symbol('REDIS');
export const SESSION_STORE = Symbol('SESSION_STORE');
export const OIDC_CLIENT = Symbol('OIDC_CLIENT');
export const UPSTREAMS = Symbol('UPSTREAMS');
export const OPERATOR_STORE = Symbol('OPERATOR_STORE');
