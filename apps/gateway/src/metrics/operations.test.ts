import { describe, expect, it } from '@jest/globals';
import { llmOps, OPERATIONS, remOmniOps } from '@onboarding/contracts';
import { operationOf } from './operations.js';

describe("a request's operation label", () => {
  it('is the contract operation id, whatever the ids in its path', () => {
    expect(operationOf('POST', remOmniOps.allSetup.path)).toBe('rem_omni.allSetup');
    expect(operationOf('GET', '/api/proxy/llm/prompts/get/Ab-12_x')).toBe(llmOps.get.id);
    expect(operationOf('GET', '/api/proxy/llm/prompts/get/other-id')).toBe(llmOps.get.id);
    expect(operationOf('HEAD', '/api/config')).toBe('session.config');
  });

  it('names every declared operation', () => {
    const example = (path: string) => path.replace(/:[A-Za-z0-9_]+/g, '42');
    expect(OPERATIONS.map((op) => operationOf(op.method, example(op.path)))).toEqual(
      OPERATIONS.map((op) => op.id),
    );
  });

  it("names the gateway's own routes, the web app, and collapses anything else into unknown", () => {
    expect(operationOf('GET', '/api/health')).toBe('health');
    expect(operationOf('GET', '/api/ready')).toBe('ready');
    expect(operationOf('GET', '/api/sso/callback')).toBe('session.callback');
    expect(operationOf('GET', '/api/docs/swagger-ui.css')).toBe('docs');
    expect(operationOf('GET', '/setups/42/edit')).toBe('web');
    expect(operationOf('GET', '/metrics')).toBe('web');
    for (const [method, path] of [
      ['GET', '/api/proxy/customer-setup/rem_omni/allSetup'], // a POST operation
      ['POST', '/api/proxy/customer-setup/rem_omni/allSetup/'], // strict routing
      ['POST', '/api/proxy/customer-setup/REM_OMNI/allSetup'], // case-sensitive
      ['GET', '/api/proxy/llm/prompts/get/1/2'],
      ['GET', '/api/anything-at-all/12345'],
      ['GET', '/api'],
    ])
      expect(operationOf(method!, path!)).toBe('unknown');
  });
});
