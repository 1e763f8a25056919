/**
 * A form's unsaved values across a session end: kept in this tab's sessionStorage under the
 * form's address when a call answers 401 (lib/unauthorized.ts), and handed back once when the
 * form opens at that address again (sign-in returns there through the login page's returnTo).
 */
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { onSessionEnd } from './unauthorized';

const PREFIX = 'draft:';

function storageKey(form: string, address: string): string {
  return `${PREFIX}${form}:${address}`;
}

function read(key: string): unknown {
  try {
    const text = window.sessionStorage.getItem(key);
    return text === null ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

function useAddress(): string {
  const { pathname, search } = useLocation();
  return pathname + search;
}

/**
 * The draft of `form` kept at this address, if any, read once as the form opens (then
 * forgotten). `parse` returns undefined for anything that is not a draft of this form.
 */
export function useRestoredDraft<T>(form: string, parse: (value: unknown) => T | undefined) {
  const key = storageKey(form, useAddress());
  // Forgets the draft it read, not one kept at an address the open form moves to later.
  const [{ draft, readKey }] = useState(() => ({ draft: parse(read(key)), readKey: key }));
  useEffect(() => {
    window.sessionStorage.removeItem(readKey);
  }, [readKey]);
  return draft;
}

/** Keeps `draft` of `form` at this address if the session ends while `when` holds. */
export function useKeepDraft<T>(form: string, draft: T, when: boolean): void {
  const key = storageKey(form, useAddress());
  const latest = useRef({ draft, when });
  useEffect(() => {
    latest.current = { draft, when };
  });
  useEffect(
    () =>
      onSessionEnd(() => {
        if (!latest.current.when) return;
        try {
          window.sessionStorage.setItem(key, JSON.stringify(latest.current.draft));
        } catch {
          // Storage full or refused: the draft is lost, as it was before drafts were kept.
        }
      }),
    [key],
  );
}

/**
 * A `parse` for useRestoredDraft of a form whose values are plain fields: a draft has each field
 * of `sample` (the form's empty values), of the same kind. The values are the form's own, written
 * by it; the check only refuses what is plainly not such a draft.
 */
export function shapedLike<T extends object>(sample: T): (value: unknown) => T | undefined {
  const kind = (v: unknown) => (Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v);
  return (value) => {
    if (typeof value !== 'object' || value === null) return undefined;
    const draft = value as Record<string, unknown>;
    const fine = Object.entries(sample).every(([key, v]) => kind(draft[key]) === kind(v));
    return fine ? (value as T) : undefined;
  };
}
