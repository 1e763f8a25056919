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
