/**
 * @jest-environment node
 */
// The screen tests let a clock tick's act() note pass only for the components named in
// CLOCK_COMPONENTS; this keeps that list matching the source's `useNow` callers.
import { describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import path from 'node:path';
import { CLOCK_COMPONENTS } from './screen-hooks';

const src = path.resolve(import.meta.dirname, '../src');

/** Each source file that calls useNow (tests and the hook left out), with its functions. */
function clockFiles(): { file: string; functions: string[] }[] {
  return fs
    .readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .filter((file) => !file.endsWith(path.join('lib', 'use-now.ts')))
    .map((file) => ({ file, text: fs.readFileSync(path.join(src, file), 'utf8') }))
    .filter(({ text }) => text.includes('useNow('))
    .map(({ file, text }) => ({
      file,
      functions: [...text.matchAll(/function (\w+)\(/g)].map((m) => m[1]!),
    }));
}

describe('the clock components the screen tests know of', () => {
  it('name a component in every file that calls useNow', () => {
    const files = clockFiles();
    expect(files.length).toBeGreaterThan(0);
    const unnamed = files
      .filter(
        ({ functions }) =>
          !functions.some((f) => (CLOCK_COMPONENTS as readonly string[]).includes(f)),
      )
      .map(({ file }) => file);
    expect(unnamed).toEqual([]);
  });

  it('are each declared in a file that calls useNow', () => {
    const declared = new Set(clockFiles().flatMap(({ functions }) => functions));
    expect(CLOCK_COMPONENTS.filter((name) => !declared.has(name))).toEqual([]);
  });
});
