import { PinoLogger } from 'nestjs-pino';
import type { Logger } from 'pino';

/**
 * nestjs-pino's `PinoLogger` writing to `logger`, for a unit on a bare Express app: outside
 * LoggerModule's request scope a PinoLogger writes to the process's first logger
 * (docs/testing.md#logs-in-tests), not to the test's own capture.
 */
export function pinoLoggerOf(logger: Logger): PinoLogger {
  const pinoLogger = Object.create(PinoLogger.prototype) as PinoLogger;
  Object.defineProperty(pinoLogger, 'logger', { get: () => logger });
  return pinoLogger;
}
