import { Injectable } from '@nestjs/common';
import { Logger } from 'nestjs-pino';

/**
 * Nest's own messages through nestjs-pino, its routine ones (routes mapped, modules started) at
 * debug: a custom logger gets every level from Nest, which filters only its ConsoleLogger.
 */
@Injectable()
export class NestLogger extends Logger {
  override log(message: unknown, ...optionalParams: unknown[]): void {
    this.debug(message, ...optionalParams);
  }
}
