import type { DynamicModule } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { Logger } from 'pino';
import type { GatewayConfig } from '../../config/app-config.js';
import { APP_CONFIG, LOGGER } from '../../tokens.js';
import { httpLoggerOptions } from './logger.js';

/**
 * nestjs-pino: the request log (pino-http with the gateway's request ids, serializers and custom
 * props) and the request-scoped `PinoLogger`, through the logger made before Nest (`LOGGER`).
 * Its pino-http is one per process (docs/testing.md#logs-in-tests).
 */
export const loggingModule = (): DynamicModule =>
  // Made when the app is, once every class has loaded: @InjectPinoLogger's providers are those
  // declared before forRootAsync is called.
  LoggerModule.forRootAsync({
    inject: [APP_CONFIG, LOGGER],
    useFactory: (config: GatewayConfig, logger: Logger) => ({
      pinoHttp: httpLoggerOptions(config, logger),
      // Mounted as a prefix: its default `{/*splat}` decodes the path, and a malformed one (`/%`)
      // would skip the logger and leave the error answer without its request id.
      forRoutes: ['/'],
    }),
  });
