// jsdom plus the web platform pieces jsdom lacks and React Router's data APIs need
// (fetch, Request, Response, streams, TextEncoder…), taken from Node itself.
import JsdomEnvironment from 'jest-environment-jsdom';

export default class WebEnvironment extends JsdomEnvironment {
  constructor(config, context) {
    super(config, context);
    const g = this.global;
    Object.assign(g, {
      fetch,
      Request,
      Response,
      Headers,
      FormData,
      AbortController,
      AbortSignal,
      ReadableStream,
      TransformStream,
      TextEncoder,
      TextDecoder,
      structuredClone,
      BroadcastChannel,
    });
  }
}
