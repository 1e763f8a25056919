/**
 * Letters as the account-name rules mean them: Latin with accents, Greek and Cyrillic
 * (× and ÷ excluded from the Latin-1 block).
 */
const LETTERS = 'A-Za-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u024F\\u0370-\\u03FF\\u0400-\\u04FF';

/** Blur check of a prospect account name: letters, spaces and hyphens only. */
export const ACCOUNT_NAME_PATTERN = new RegExp(`^[${LETTERS} -]+$`);

/** Keypress filter of the account-name input: letters, digits, space, hyphen (and Enter). */
export const ACCOUNT_NAME_KEY_PATTERN = new RegExp(`^[${LETTERS}0-9 -]$`);

/** Legacy client names: letters, digits, spaces and hyphens only. */
export const LEGACY_CLIENT_NAME_PATTERN = /^[A-Za-z0-9 -]+$/;

/**
 * What no request text may carry (common/fields.ts refuses it): C0 and C1 control characters
 * and DEL (a NUL breaks the upstreams), and the bidi embeddings, overrides and isolates that make
 * text read otherwise than it is stored (U+202A–U+202E, U+2066–U+2069). Tab and line breaks
 * apart, as multi-line fields take them.
 */
export const LINE_CONTROL_CLASS = '\\u0009\\u000A\\u000D';
export const OTHER_CONTROL_CLASS =
  '\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069';

const LINE_CONTROLS = new RegExp(`[${LINE_CONTROL_CLASS}]`, 'g');
const OTHER_CONTROLS = new RegExp(`[${OTHER_CONTROL_CLASS}]`, 'g');

/**
 * A search box's text as a list call takes it: a pasted tab or line break is a space, any other
 * control character is dropped (the call refuses them; the operator meant the words).
 */
export function plainSearchText(raw: string): string {
  return raw.replace(LINE_CONTROLS, ' ').replace(OTHER_CONTROLS, '');
}
