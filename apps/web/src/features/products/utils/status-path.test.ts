import { describe, expect, it } from '@jest/globals';
import { parsePath, testStatusMapping, valueAtPath } from './status-path';

const statusMap =
  '{"QUEUED":"started","RUNNING":"in_progress","SUCCESS":"completed","ERROR":"failed"}';

describe('status path tester', () => {
  it('reads dot paths with array indexes and maps the status', () => {
    const sample = JSON.stringify({
      data: { requestId: 'req-42', items: [{ status: 'RUNNING' }, { status: 'SUCCESS' }] },
    });
    expect(
      testStatusMapping({
        sample,
        requestIdPath: 'data.requestId',
        statusPath: 'data.items[0].status',
        statusMap,
      }),
    ).toEqual({
      requestId: { ok: true, value: 'req-42' },
      status: { ok: true, value: 'RUNNING' },
      mapped: { ok: true, value: 'in_progress' },
    });
  });

  it("accepts the registry's $-rooted paths and quoted keys", () => {
    const sample = '{"data": {"state": "SUCCESS", "job-id": 7}}';
    const result = testStatusMapping({
      sample,
      requestIdPath: '$.data["job-id"]',
      statusPath: '$.data.state',
      statusMap,
    });
    expect(result.requestId).toEqual({ ok: true, value: '7' });
    expect(result.mapped).toEqual({ ok: true, value: 'completed' });
  });

  it('says when the sample is not JSON', () => {
    expect(
      testStatusMapping({
        sample: '<html>502</html>',
        requestIdPath: 'a',
        statusPath: 'b',
        statusMap,
      }),
    ).toEqual({
      sampleError:
        'The sample response is not JSON. Not valid JSON: unexpected "<" (line 1, column 1).',
    });
  });

  it('asks for a sample when there is none', () => {
    expect(
      testStatusMapping({ sample: ' ', requestIdPath: 'a', statusPath: 'b', statusMap }),
    ).toEqual({ sampleError: 'Paste a sample response to test the paths.' });
  });

  it('says which part of a path is missing', () => {
    const sample = '{"data": {"items": []}}';
    const result = testStatusMapping({
      sample,
      requestIdPath: 'data.requestId',
      statusPath: 'data.items[0].status',
      statusMap,
    });
    expect(result.requestId).toEqual({
      ok: false,
      message: 'The sample has no value at "data.requestId".',
    });
    expect(result.status).toEqual({
      ok: false,
      message: 'The sample has no value at "data.items[0].status" (nothing at "data.items[0]").',
    });
    expect(result.mapped).toBeUndefined();
  });

  it('says when the status is not in the map, listing what the map knows', () => {
    const result = testStatusMapping({
      sample: '{"status": "PAUSED", "id": "r1"}',
      requestIdPath: 'id',
      statusPath: 'status',
      statusMap: '{"DONE":"completed","FAIL":"failed"}',
    });
    expect(result.mapped).toEqual({
      ok: false,
      message: 'The status "PAUSED" is not in the status map (it maps "DONE", "FAIL").',
    });
  });

  it('says when the status path points at an object or null, or the map is not an object', () => {
    const sample = '{"data": {"state": {"code": 1}, "empty": null}}';
    expect(
      testStatusMapping({
        sample,
        requestIdPath: 'data.empty',
        statusPath: 'data.state',
        statusMap,
      }).status,
    ).toEqual({ ok: false, message: 'The value at "data.state" is not a single value.' });
    expect(
      testStatusMapping({
        sample,
        requestIdPath: 'data.empty',
        statusPath: 'data.state',
        statusMap,
      }).requestId,
    ).toEqual({ ok: false, message: 'The value at "data.empty" is null.' });
    expect(
      testStatusMapping({
        sample: '{"s": "DONE"}',
        requestIdPath: 's',
        statusPath: 's',
        statusMap: '["DONE"]',
      }).mapped,
    ).toEqual({ ok: false, message: 'The status map is not a JSON object.' });
  });

  it('rejects paths it cannot read', () => {
    expect(parsePath('data..state')).toEqual({
      ok: false,
      message: '"data..state" is not a valid path.',
    });
    expect(parsePath('data[x]')).toEqual({ ok: false, message: '"data[x]" is not a valid path.' });
    expect(parsePath('')).toEqual({ ok: false, message: 'The path is empty.' });
    expect(parsePath('$')).toEqual({ ok: true, segments: [] });
    expect(parsePath('[1].a')).toEqual({ ok: true, segments: [1, 'a'] });
  });

  it('does not read inherited properties as values', () => {
    expect(valueAtPath({}, ['constructor'])).toEqual({ found: false, missingAt: 'constructor' });
    expect(valueAtPath([1], ['length'])).toEqual({ found: false, missingAt: 'length' });
  });

  it('reads paths with spaces around them, and names them trimmed', () => {
    expect(parsePath('  data.state ')).toEqual({ ok: true, segments: ['data', 'state'] });
    const sample = '{"data": {"state": {"code": 1}}}';
    const result = testStatusMapping({
      sample,
      requestIdPath: ' data.requestId ',
      statusPath: ' data.state ',
      statusMap,
    });
    expect(result.requestId).toEqual({
      ok: false,
      message: 'The sample has no value at "data.requestId".',
    });
    expect(result.status).toEqual({
      ok: false,
      message: 'The value at "data.state" is not a single value.',
    });
  });

  it('reads multi-digit indexes, single-quoted keys and escaped quotes in keys', () => {
    expect(parsePath('items[12]')).toEqual({ ok: true, segments: ['items', 12] });
    expect(parsePath("data['job-id']")).toEqual({ ok: true, segments: ['data', 'job-id'] });
    expect(parsePath('["say \\"hi\\""]')).toEqual({ ok: true, segments: ['say "hi"'] });
  });

  it('wants a dot between a bracket or $ and the next key', () => {
    expect(parsePath('["a"]b')).toEqual({ ok: false, message: '"["a"]b" is not a valid path.' });
    expect(parsePath('a[0]bc')).toEqual({ ok: false, message: '"a[0]bc" is not a valid path.' });
    expect(parsePath('$data')).toEqual({ ok: false, message: '"$data" is not a valid path.' });
  });

  it('names the first missing key when the path breaks off in the middle', () => {
    expect(valueAtPath({ a: {} }, ['a', 'b', 'c'])).toEqual({ found: false, missingAt: 'a.b' });
  });

  it('reads a boolean status as its text', () => {
    const result = testStatusMapping({
      sample: '{"done": true}',
      requestIdPath: 'done',
      statusPath: 'done',
      statusMap: '{"true": "completed"}',
    });
    expect(result).toEqual({
      requestId: { ok: true, value: 'true' },
      status: { ok: true, value: 'true' },
      mapped: { ok: true, value: 'completed' },
    });
  });

  it('says which path is not given, and which path cannot be read', () => {
    expect(
      testStatusMapping({
        sample: '{"s": "DONE"}',
        requestIdPath: '  ',
        statusPath: '',
        statusMap,
      }),
    ).toEqual({
      requestId: { ok: false, message: 'No request id path given.' },
      status: { ok: false, message: 'No status path given.' },
    });
    expect(
      testStatusMapping({
        sample: '{"s": "DONE"}',
        requestIdPath: 'data..id',
        statusPath: 's',
        statusMap: '{"DONE": "completed"}',
      }).requestId,
    ).toEqual({ ok: false, message: '"data..id" is not a valid path.' });
  });

  it('says when there is no status map, when it is empty, or when it gives no text', () => {
    const run = (map: string) =>
      testStatusMapping({
        sample: '{"s": "DONE"}',
        requestIdPath: 's',
        statusPath: 's',
        statusMap: map,
      }).mapped;
    expect(run('  ')).toEqual({ ok: false, message: 'No status map given.' });
    expect(run('{}')).toEqual({
      ok: false,
      message: 'The status "DONE" is not in the status map.',
    });
    expect(run('{"DONE": null}')).toEqual({
      ok: false,
      message: 'The status map gives no text for "DONE".',
    });
    expect(run('{"DONE": {"to": "completed"}}')).toEqual({
      ok: false,
      message: 'The status map gives no text for "DONE".',
    });
  });
});
