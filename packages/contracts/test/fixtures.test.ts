import { describe, expect, it } from '@jest/globals';
import { fixtures } from '../src/testing/index.js';
import { ApiErrorSchema, toApiIssues } from '../src/index.js';

describe('fixture factories', () => {
  it.each(Object.entries(fixtures))(
    '%s builds a value that round-trips through JSON and its schema',
    (_name, make) => {
      const value = make();
      const overTheWire: unknown = JSON.parse(JSON.stringify(value));
      expect(overTheWire).toEqual(value);
      // What a fixture stands for must be what the schema reads back from the wire.
      expect(make.schema.parse(overTheWire)).toEqual(value);
    },
  );

  it.each(Object.entries(fixtures))(
    '%s: its schema reads its raw defaults back whole, after JSON',
    (_name, make) => {
      const raw: unknown = JSON.parse(JSON.stringify(make.defaults()));
      // Fields the schema fills in itself may be added; none of the defaults may be lost.
      expect(make.schema.parse(raw)).toMatchObject(raw as object);
    },
  );

  it('apply overrides and still validate', () => {
    expect(fixtures.setupRow({ status: 'FAILED', stepName: 'sti' }).status).toBe('FAILED');
    expect(() => fixtures.setupRow({ setupId: 'x' as unknown as number })).toThrow();
  });
});

describe('the error envelope', () => {
  it('carries code, message, request id and issue paths', () => {
    const body = {
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Invalid request',
        requestId: 'r-1',
        issues: toApiIssues('body', [
          { code: 'custom', path: ['limit'], message: 'Too big', input: 1 },
        ]),
      },
    };
    expect(ApiErrorSchema.parse(body).error.issues).toEqual([
      { path: ['body', 'limit'], message: 'Too big' },
    ]);
  });

  it('refuses unknown codes', () => {
    expect(
      ApiErrorSchema.safeParse({ error: { code: 'NOPE', message: '', requestId: '' } }).success,
    ).toBe(false);
  });
});
