/**
 * Text as the app's searches compare it (docs/requirements.md#decision-folded-search): case and
 * accents ignored, so "cafe" finds "Café" and "CAFÉ". Every local filter and the command palette
 * compare through it.
 */

/** Letters that carry no separate accent mark to drop, written as their plain spelling. */
const PLAIN: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  þ: 'th',
  ı: 'i',
};

/** Lower case, compatibility-decomposed, without combining marks ("Crème Brûlée" → "creme brulee"). */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßæœøđðłþı]/g, (letter) => PLAIN[letter] ?? letter);
}

/** Whether `text` contains `search` once both are folded; an empty (or blank) search matches. */
export function includesFolded(text: string, search: string): boolean {
  return foldText(text).includes(foldText(search.trim()));
}
