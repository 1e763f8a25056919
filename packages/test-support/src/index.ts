export { Browser, type BrowserResponse, type Cookie, type RequestOptions } from './browser.js';
export { freePort, sleep, tempDir, waitFor, which } from './processes.js';
export {
  redisCommand,
  redisCommandAs,
  redisPing,
  RedisServer,
  redisServerBinary,
  type RedisServerOptions,
} from './redis.js';
export { completeAtIdp, signIn, type SignIn } from './sign-in.js';
export { selfSignedCertificate } from './tls.js';
