import { describe, expect, it } from '@jest/globals';
import {
  buildPath,
  checkRequest,
  deriveProductRetailer,
  legacyOps,
  llmOps,
  MESSAGES,
  pathMatcher,
  PROMPT_VARIABLES_MAX,
  PromptMetadataInputSchema,
  ReTriggerStepSchema,
  stepLabel,
  upstreamPath,
  viewsOps,
} from '../src/index.js';

/** The edges of the contracts' helpers that the first finished mutation run found untested. */
describe('paths of operations', () => {
  it('a missing path parameter is named, with its path', () => {
    expect(() => buildPath('/api/x/:id/:step', { id: 1 })).toThrow(
      'Missing path param step for /api/x/:id/:step',
    );
    expect(() => buildPath('/api/x/:id')).toThrow('Missing path param id for /api/x/:id');
  });

  it('an operation the gateway answers itself has no upstream path, and says so', () => {
    expect(() => upstreamPath(viewsOps.list)).toThrow(
      `${viewsOps.list.id} is answered by the gateway itself`,
    );
  });
});

describe('the one request check, its edges', () => {
  it('refuses query parameters on a call that takes none, naming the part', () => {
    expect(checkRequest(llmOps.getAll, { query: { page: '2' } })).toEqual({
      ok: false,
      issues: [{ path: ['query'], message: 'This call takes no query parameters' }],
    });
  });

  it('refuses a body that is not an object as it is, not stamped with the operator', () => {
    const checked = checkRequest(
      legacyOps.addNewSetup,
      { body: ['x'] },
      { operator: 'op@example.com' },
    );
    expect(checked.ok ? [] : checked.issues.map((i) => i.path)).toEqual([['body']]);
  });
});

describe('words of the spec', () => {
  it("labels a step: none for none, a product's step key in capitalised words, other names as registered", () => {
    expect(stepLabel(null)).toBe('');
    expect(stepLabel('')).toBe('');
    expect(stepLabel('catalog_sync')).toBe('Catalog Sync');
    expect(stepLabel('catalog_sync!')).toBe('catalog sync!');
  });

  it("derives a product's retailer from its path, spaces around it ignored", () => {
    expect(deriveProductRetailer(' amazon ')).toBe('amazon');
    expect(deriveProductRetailer(' /dashboard/target/overview ')).toBe('target');
    expect(deriveProductRetailer('')).toBe('');
  });

  it('a re-trigger may name any step but ncs_client_db_setup', () => {
    expect(ReTriggerStepSchema.safeParse('sti').success).toBe(true);
    const refused = ReTriggerStepSchema.safeParse('ncs_client_db_setup');
    expect(refused.error?.issues.map((i) => i.message)).toEqual([MESSAGES.stepNotRetriggerable]);
  });

  it(`a prompt keeps at most ${PROMPT_VARIABLES_MAX} variables`, () => {
    const variables = (n: number) =>
      Object.fromEntries(Array.from({ length: n }, (_, i) => [`v${i}`, 'x']));
    const parse = (n: number) =>
      PromptMetadataInputSchema.safeParse({ name: 'Brief', variables: variables(n) });
    expect(parse(PROMPT_VARIABLES_MAX).success).toBe(true);
    expect(parse(PROMPT_VARIABLES_MAX + 1).error?.issues.map((i) => i.message)).toEqual([
      `At most ${PROMPT_VARIABLES_MAX} variables`,
    ]);
  });
});

describe('pathMatcher', () => {
  const prompt = pathMatcher('/api/proxy/llm/prompts/get/:promptId');

  it('answers the params of a matching path, decoded', () => {
    expect(prompt('/api/proxy/llm/prompts/get/a%20b')).toEqual({ promptId: 'a b' });
    expect(pathMatcher('/api/x/:id/steps/:step')('/api/x/7/steps/sti')).toEqual({
      id: '7',
      step: 'sti',
    });
    expect(pathMatcher('/api/config')('/api/config')).toEqual({});
  });

  it('matches as the gateway routes: whole, case-sensitive, strict, one segment a param', () => {
    expect(prompt('/api/proxy/llm/prompts/get/12/more')).toBeNull();
    expect(prompt('/api/proxy/llm/prompts/get/')).toBeNull();
    expect(prompt('/api/proxy/llm/prompts/get/12/')).toBeNull();
    expect(prompt('/API/proxy/llm/prompts/get/12')).toBeNull();
    expect(prompt('/x/api/proxy/llm/prompts/get/12')).toBeNull();
  });

  it('takes the declared path literally: a dot is a dot', () => {
    const docs = pathMatcher('/api/docs.json');
    expect(docs('/api/docs.json')).toEqual({});
    expect(docs('/api/docsxjson')).toBeNull();
  });

  it('matches nothing where a param holds a malformed escape', () => {
    expect(prompt('/api/proxy/llm/prompts/get/%E0%A4%A')).toBeNull();
  });
});
