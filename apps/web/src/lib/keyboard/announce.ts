/**
 * One polite live region for what a keyboard shortcut did ("Row 3 of 20, …", "2 selected"):
 * screen readers read each text put in it. Made once, inside the page's main landmark (so every
 * text on the page is in a landmark), and made again if that main was replaced.
 */
const REGION_ID = 'keyboard-announcer';

function region(): HTMLElement {
  const found = document.getElementById(REGION_ID);
  if (found) return found;
  const el = document.createElement('div');
  el.id = REGION_ID;
  el.setAttribute('aria-live', 'polite');
  el.setAttribute('aria-atomic', 'true');
  // Visually hidden, as packages/ui's VisuallyHidden.
  Object.assign(el.style, {
    border: '0',
    clip: 'rect(0 0 0 0)',
    height: '1px',
    margin: '-1px',
    overflow: 'hidden',
    padding: '0',
    position: 'absolute',
    whiteSpace: 'nowrap',
    width: '1px',
  });
  (document.querySelector('main') ?? document.body).append(el);
  return el;
}

/** Makes the region ahead of the first text: a region made with its text is often not read. */
export function prepareAnnouncer(): void {
  region();
}

/** Tells screen readers `text`; the same text twice is read twice. */
export function announce(text: string): void {
  const el = region();
  // A trailing no-break space tells a repeat apart, so it is a change the reader announces.
  el.textContent = el.textContent === text ? `${text}\u00a0` : text;
}
