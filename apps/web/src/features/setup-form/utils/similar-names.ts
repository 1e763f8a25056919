import { distance } from 'fastest-levenshtein';

/** A customer the warning can point at. */
export interface NameCandidate {
  clientId: number;
  name: string;
  kind: 'client' | 'prospect';
}

export interface SimilarName extends NameCandidate {
  /** Edits between the two names once normalised (0: the same company). */
  distance: number;
}

/** Company-form words left out of the comparison, wherever they end the name. */
const SUFFIXES = new Set([
  'inc',
  'incorporated',
  'llc',
  'llp',
  'lp',
  'co',
  'company',
  'corp',
  'corporation',
  'ltd',
  'limited',
  'plc',
  'gmbh',
  'ag',
  'sa',
  'sas',
  'srl',
  'bv',
  'nv',
  'pty',
  'oy',
  'ab',
]);

/**
 * A name as compared: case, accents, punctuation and spaces ignored, and company suffixes
 * ("Inc", "L.L.C.", "Co., Ltd.") dropped from its end — unless the name is nothing else.
 */
export function normaliseName(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[.']/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  let end = words.length;
  while (end > 1 && SUFFIXES.has(words[end - 1]!)) end -= 1;
  return words.slice(0, end).join('');
}

/** Edits allowed for a name of this (normalised) length: short names must match exactly. */
function allowedEdits(length: number): number {
  if (length <= 3) return 0;
  return length <= 8 ? 1 : 2;
}

/** At most this many names are shown, the closest first. */
const MAX_SIMILAR = 5;

/**
 * The existing customers whose name is similar to the one typed: the same once normalised, a
 * small edit distance apart, or (typed four characters or more) starting with what was typed.
 */
export function similarNames(typed: string, candidates: readonly NameCandidate[]): SimilarName[] {
  const wanted = normaliseName(typed);
  if (wanted.length < 3) return [];
  const found = new Map<string, SimilarName>();
  for (const candidate of candidates) {
    const other = normaliseName(candidate.name);
    if (!other) continue;
    const edits = distance(wanted, other);
    const close = edits <= allowedEdits(Math.min(wanted.length, other.length));
    const extends_ = wanted.length >= 4 && other.startsWith(wanted);
    if (!close && !extends_) continue;
    const key = `${candidate.kind}:${candidate.clientId}`;
    const previous = found.get(key);
    if (!previous || edits < previous.distance) found.set(key, { ...candidate, distance: edits });
  }
  return [...found.values()]
    .sort((a, b) => a.distance - b.distance || a.name.localeCompare(b.name))
    .slice(0, MAX_SIMILAR);
}
