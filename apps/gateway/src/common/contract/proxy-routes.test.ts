import { describe, expect, it } from '@jest/globals';
import { llmOps, OPERATIONS, remOmniOps, sessionOps } from '@onboarding/contracts';
import { ProxyRoutes } from './proxy-routes.js';

const PROXIED = OPERATIONS.filter((op) => op.service !== 'gateway');

function table() {
  const routes = new ProxyRoutes();
  routes.mount('all', PROXIED);
  return routes;
}

describe('the proxy route table', () => {
  it('finds every declared operation by its exact method and path', () => {
    const routes = table();
    for (const op of PROXIED) {
      const path = op.path.replace(/:([A-Za-z]+)/g, '17');
      expect(routes.match(op.method, path)?.op.id).toBe(op.id);
    }
    expect(routes.operations()).toHaveLength(PROXIED.length);
  });

  it('finds nothing for another method, letter case, trailing slash or longer path', () => {
    const routes = table();
    const path = remOmniOps.allSetup.path;
    expect(routes.match('GET', path)).toBeUndefined();
    expect(routes.match('POST', path.toLowerCase())).toBeUndefined();
    expect(routes.match('POST', `${path}/`)).toBeUndefined();
    expect(routes.match('POST', `${path}/x`)).toBeUndefined();
    expect(routes.match('GET', '/api/proxy/llm/prompts/get/1/2')).toBeUndefined();
    expect(routes.match('GET', '/api/proxy/llm/prompts/get/')).toBeUndefined();
  });

  it('decodes path parameters, keeping a malformed one as sent for the contract to refuse', () => {
    const routes = table();
    expect(routes.match('GET', '/api/proxy/llm/prompts/get/a%2Fb')).toEqual({
      op: llmOps.get,
      params: { id: 'a/b' },
    });
    expect(routes.match('GET', '/api/proxy/llm/prompts/get/%E0%A4%A')?.params).toEqual({
      id: '%E0%A4%A',
    });
  });

  it('refuses an operation the gateway answers itself, and one mounted twice', () => {
    expect(() => new ProxyRoutes().mount('session', [sessionOps.config])).toThrow(
      'session.config is answered by the gateway, not proxied',
    );
    const routes = table();
    expect(() => routes.mount('again', [remOmniOps.allSetup])).toThrow('mounted twice');
  });
});
