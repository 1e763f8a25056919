/**
 * The browser tab's title (docs/requirements.md#decision-document-title): "<subject> · <screen> ·
 * <product> · Onboarding Console", each part left out when unknown. The shell names the screen
 * from the route table; a screen adds what it shows (a client, a prompt) and its product.
 * Each part is a slot of its own, so components setting different parts in any order agree.
 */
import { useEffect } from 'react';

const APP_NAME = 'Onboarding Console';

type Slot = 'route' | 'screen' | 'subject' | 'product';

const parts: Record<Slot, string | undefined> = {
  route: undefined,
  screen: undefined,
  subject: undefined,
  product: undefined,
};

/** The title of these parts; a screen's own name wins over its route's. */
function documentTitle({
  screen,
  subject,
  product,
}: {
  screen?: string | undefined;
  subject?: string | undefined;
  product?: string | undefined;
}): string {
  return [subject, screen, product, APP_NAME]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' · ');
}

/** The failure watch's unseen count, `(3) ` before the title while there are any (issue 33). */
let countPrefix = '';

function write() {
  document.title =
    countPrefix +
    documentTitle({
      screen: parts.screen ?? parts.route,
      subject: parts.subject,
      product: parts.product,
    });
}

function useSlot(slot: Slot, value: string | undefined) {
  const text = value?.trim() || undefined;
  useEffect(() => {
    parts[slot] = text;
    write();
    return () => {
      // Another screen may have set this slot since: only our own value is taken back.
      if (parts[slot] === text) {
        parts[slot] = undefined;
        write();
      }
    };
  }, [slot, text]);
}

/** The current route's title from the route table (the shell passes it). */
export function useRouteTitle(title: string | undefined): void {
  useSlot('route', title);
}

/** A screen's own name, over its route's (not-found shown at a screen's address). */
export function useScreenTitle(name: string | undefined): void {
  useSlot('screen', name);
}

/** What the screen shows: the client of a setup, the name of a prompt. */
export function useTitleSubject(name: string | undefined): void {
  useSlot('subject', name);
}

/** The product of a per-product screen. */
export function useTitleProduct(name: string | undefined): void {
  useSlot('product', name);
}

/** The failure watch's unseen count: the title reads `(3) Setups · Onboarding Console` while n > 0. */
export function setTitleCount(count: number): void {
  countPrefix = count > 0 ? `(${count}) ` : '';
  write();
}
