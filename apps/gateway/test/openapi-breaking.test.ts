import { beforeAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tempDir } from './support/gateway.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const CHECK = path.join(root, 'scripts/openapi-breaking.mjs');

// Fixture pairs are edits of the reviewed document: real OpenAPI 3.1 as the gateway writes it.
type Doc = {
  info: { version: string };
  paths: Record<string, Record<string, Operation>>;
};
type Schema = { properties: Record<string, unknown>; required?: string[] };
type Operation = {
  operationId: string;
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
};
const reviewed = (): Doc =>
  JSON.parse(fs.readFileSync(path.join(root, 'docs/openapi.json'), 'utf8')) as Doc;
const signInBody = (doc: Doc) =>
  doc.paths['/api/sso/getAuthUrl']!.post!.requestBody!.content['application/json']!.schema;
const configAnswer = (doc: Doc) =>
  doc.paths['/api/config']!.get!.responses['200']!.content!['application/json']!.schema;

function write(doc: Doc, file = path.join(tempDir('openapi-fixture-'), 'openapi.json')): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(doc, null, 2) + '\n');
  return file;
}

/** Runs the check as `npm run lint` does; --base given, or found in the git repository `repo`. */
function check(revision: Doc, { base, repo }: { base?: Doc; repo?: string }) {
  const args = [CHECK, write(revision), ...(base ? ['--base', write(base)] : [])];
  const r = spawnSync(process.execPath, [...args, ...(repo ? ['--repo', repo] : [])], {
    encoding: 'utf8',
  });
  return { status: r.status, output: r.stdout + r.stderr };
}

describe('the breaking-change check of the OpenAPI document, on fixture pairs', () => {
  let base: Doc;
  beforeAll(() => {
    base = reviewed();
  });

  it('fails on a removed operation, naming its path', () => {
    const revision = reviewed();
    delete revision.paths['/api/config'];
    const { status, output } = check(revision, { base });
    expect(status).toBe(1);
    expect(output).toMatch(/\/api\/config\s+✖ major\s+removed/);
  });

  it('fails on a request body field that became required', () => {
    const revision = reviewed();
    signInBody(revision).properties.team = { type: 'string' };
    signInBody(revision).required!.push('team');
    const { status, output } = check(revision, { base });
    expect(status).toBe(1);
    expect(output).toMatch(/major.*\n.*Properties became required: `team`/);
  });

  it('fails on an answer field that is no longer always there', () => {
    const revision = reviewed();
    configAnswer(revision).required = ['user'];
    const { status, output } = check(revision, { base });
    expect(status).toBe(1);
    expect(output).toContain('dashboardBaseUrl');
  });

  it('passes a new operation and a new optional request field, listed as minor changes', () => {
    const revision = reviewed();
    revision.paths['/api/proxy/llm/prompts/archive'] = {
      post: { ...revision.paths['/api/config']!.get!, operationId: 'llm.archive' },
    };
    signInBody(revision).properties.team = { type: 'string' };
    const { status, output } = check(revision, { base });
    expect(status).toBe(0);
    expect(output).toMatch(/0 major, 2 minor/);
  });

  it('passes a breaking change acknowledged by a major bump of info.version, still listing it', () => {
    const revision = reviewed();
    delete revision.paths['/api/config'];
    revision.info.version = String(Number(base.info.version) + 1);
    const { status, output } = check(revision, { base });
    expect(status).toBe(0);
    expect(output).toContain('1 major');
    expect(output).toContain('Breaking changes acknowledged');
  });
});

describe("the breaking-change check's reviewed document, found in git", () => {
  /** A repository with docs/openapi.json committed on main, one commit per document. */
  function repository(...commits: Doc[]) {
    const dir = tempDir('openapi-repo-');
    const env = {
      ...process.env,
      GIT_AUTHOR_NAME: 'test',
      GIT_AUTHOR_EMAIL: 'test@example.com',
      GIT_COMMITTER_NAME: 'test',
      GIT_COMMITTER_EMAIL: 'test@example.com',
      GIT_CONFIG_NOSYSTEM: '1',
    };
    const git = (...args: string[]) => {
      const r = spawnSync('git', args, { cwd: dir, env, encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
    };
    const commit = (doc: Doc, message: string) => {
      write(doc, path.join(dir, 'docs/openapi.json'));
      git('add', 'docs/openapi.json');
      git('commit', '-q', '-m', message);
    };
    git('init', '-q', '-b', 'main');
    commits.forEach((doc, i) => commit(doc, `document ${i + 1}`));
    return { dir, git, commit };
  }

  const withoutConfig = () => {
    const doc = reviewed();
    delete doc.paths['/api/config'];
    return doc;
  };

  it('measures an uncommitted change against the committed docs/openapi.json', () => {
    const { dir } = repository(reviewed());
    const { status, output } = check(withoutConfig(), { repo: dir });
    expect(status).toBe(1);
    expect(output).toContain('/api/config');
  });

  it('measures the last committed change against the copy before it, as CI on a clone of main', () => {
    const { dir } = repository(reviewed(), withoutConfig());
    const { status, output } = check(withoutConfig(), { repo: dir });
    expect(output).toContain('as of before');
    expect(status).toBe(1);
  });

  it("on a branch, measures against main's copy at the fork: main's newer operations are not removals", () => {
    const { dir, git, commit } = repository(withoutConfig());
    git('checkout', '-q', '-b', 'feature');
    git('checkout', '-q', 'main');
    commit(reviewed(), 'main adds /api/config');
    git('checkout', '-q', 'feature');
    // The branch's own change: an optional field, and no /api/config, which it never had.
    const revision = withoutConfig();
    signInBody(revision).properties.team = { type: 'string' };
    const { status, output } = check(revision, { repo: dir });
    expect(output).toMatch(/0 major, 1 minor/);
    expect(output).not.toContain('/api/config');
    expect(status).toBe(0);
  });

  it('is skipped with a note when there is no main branch', () => {
    const { dir, git } = repository(reviewed());
    git('branch', '-m', 'main', 'trunk');
    const { status, output } = check(withoutConfig(), { repo: dir });
    expect(status).toBe(0);
    expect(output).toContain('Breaking changes: not checked (no main branch).');
  });
});
