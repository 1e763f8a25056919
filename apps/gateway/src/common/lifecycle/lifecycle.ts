import { Injectable } from '@nestjs/common';

/** Whether the gateway is draining for shutdown: not ready, finishing in-flight requests. */
@Injectable()
export class Lifecycle {
  /** Requests in flight. */
  active = 0;
  draining = false;
}
