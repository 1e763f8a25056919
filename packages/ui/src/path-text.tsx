import { VisuallyHidden } from './visually-hidden.js';

// Plain spans with constant styles: a path shows on every row of long lists.
const outer = {
  display: 'inline-flex',
  maxWidth: '100%',
  minWidth: 0,
  verticalAlign: 'bottom',
} as const;
// Right-to-left, the overflow (and its ellipsis) falls at the left; <bdi> keeps the text itself
// reading left to right.
const head = {
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  direction: 'rtl',
  minWidth: '2ch',
  flexShrink: 1,
} as const;
const tail = {
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  flexShrink: 0,
  maxWidth: '100%',
  paddingLeft: '0.3em',
} as const;

/** The path's parts before its last, and its last: `a > b > c` → [`a > b`, `c`]. */
export function splitPath(path: string, separator = ' > '): [string, string] {
  const cut = path.lastIndexOf(separator);
  return cut < 0 ? ['', path] : [path.slice(0, cut), path.slice(cut + separator.length)];
}

export interface PathTextProps {
  /** `Patio, Lawn & Garden > Grills & Outdoor Cooking > Grill Covers` */
  path: string;
  separator?: string;
}

/**
 * A path on one line, shortened from the left when it does not fit, so its last part always
 * shows: `…& Outdoor Cooking > Grill Covers`. The whole path is its title and what screen
 * readers read (once: the shortened parts are hidden from them).
 */
export function PathText({ path, separator = ' > ' }: PathTextProps) {
  const [parents, leaf] = splitPath(path, separator);
  if (!parents) return <span title={path}>{path}</span>;
  return (
    <span style={outer} title={path}>
      <span aria-hidden style={head}>
        <bdi>{parents + separator.trimEnd()}</bdi>
      </span>
      <span aria-hidden style={tail}>
        {leaf}
      </span>
      <VisuallyHidden>{path}</VisuallyHidden>
    </span>
  );
}
