// Control characters (C0, DEL, C1), line/paragraph separators and bidi overrides.
const UNSAFE_CHARACTERS = new RegExp(
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  '[\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069]',
  'g',
);

/**
 * An upstream's error message made safe to show: markup and control characters removed,
 * whitespace collapsed, length capped. The UI shows it as text.
 */
export function sanitizeMessage(message: string, max = 300): string | undefined {
  const cleaned = message
    .replace(/<[^>]*>/g, ' ')
    .replace(UNSAFE_CHARACTERS, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!cleaned) return undefined;
  return cleaned.length > max ? cleaned.slice(0, max - 1) + '…' : cleaned;
}
