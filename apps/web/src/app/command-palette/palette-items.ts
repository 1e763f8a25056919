/**
 * What the command palette offers (docs/requirements.md#decision-command-palette): the screens
 * of the route table, clients found by the setups list's search, prompts and products, each with
 * the address it jumps to. Pure functions; the palette's hook feeds them.
 */
import { plainSearchText, type Product, type Prompt, type SetupRow } from '@onboarding/contracts';
import type { PaletteItem } from '@onboarding/ui';
import { foldText } from '@/lib/fold-text';
import { ROUTES, routePath, type RouteName, type StaticRouteName } from '@/lib/routes';
import { MENU } from '../menu';

/** A palette item and where it leads. */
export interface JumpItem extends PaletteItem {
  to: string;
}

/** Items shown per group at most; a longer group says so under the results. */
const GROUP_CAP = 8;

export const GROUPS = {
  screens: 'Screens',
  clients: 'Clients',
  prompts: 'Prompts',
  products: 'Products',
} as const;

/** The words of what is typed, case and accents folded (lib/fold-text.ts). */
export function wordsOf(query: string): string[] {
  return foldText(query).split(/\s+/).filter(Boolean);
}

/** True when every typed word occurs in one of the texts, in any order, case and accents aside. */
export function matchesWords(words: readonly string[], ...texts: string[]): boolean {
  const haystack = foldText(texts.join(' '));
  return words.every((word) => haystack.includes(word));
}

/**
 * Words that find a screen besides its label and path: what operators call the legacy screens
 * (docs/requirements.md#decision-command-palette).
 */
const SCREEN_KEYWORDS: Partial<Record<StaticRouteName, string>> = {
  ongoing: 'legacy ongoing customer setups',
  completed: 'legacy completed customer setups',
  addNew: 'legacy customer setup',
  performance: 'metrics',
};

function isStaticScreen(name: RouteName): name is Exclude<StaticRouteName, 'login'> {
  return name !== 'login' && !ROUTES[name].path.includes(':');
}

/**
 * Every screen without path params (the sign-in page aside): the specification's menu first,
 * labelled "Group › Item" as the menu shows them, then the others (our own menu groups' too) by
 * their title; the hint is the path.
 */
const SCREEN_ITEMS: readonly (JumpItem & { keywords: string })[] = (() => {
  const fromMenu = MENU.filter((group) => !group.beyondSpec).flatMap((group) =>
    group.items.map((item) => ({ route: item.route, label: `${group.title} › ${item.label}` })),
  );
  const inMenu = new Set<RouteName>(fromMenu.map((entry) => entry.route));
  const others = (Object.keys(ROUTES) as RouteName[])
    .filter(isStaticScreen)
    .filter((name) => !inMenu.has(name))
    .map((name) => ({ route: name, label: ROUTES[name].title }));
  return [...fromMenu, ...others].map(({ route, label }) => ({
    id: `screen:${route}`,
    group: GROUPS.screens,
    label,
    hint: ROUTES[route].path,
    to: routePath(route),
    keywords: SCREEN_KEYWORDS[route] ?? '',
  }));
})();

export function screenItems(words: readonly string[]): JumpItem[] {
  return SCREEN_ITEMS.filter((item) =>
    matchesWords(words, item.label, item.hint ?? '', item.keywords),
  ).map(({ keywords: _keywords, ...item }) => item);
}

/**
 * The search text of the client search: without control characters, trimmed, at most 100
 * characters (the list's bound).
 */
export function clientSearchText(query: string): string {
  return plainSearchText(query).trim().slice(0, 100).trim();
}

/** Client searches start from this many characters. */
export const CLIENT_SEARCH_MIN = 2;

/** The distinct client names of a page of setup rows, each jumping to the list searched by it. */
export function clientItems(rows: readonly SetupRow[]): JumpItem[] {
  const seen = new Set<string>();
  const items: JumpItem[] = [];
  for (const row of rows) {
    const key = row.clientName.trim().toLowerCase();
    if (!key || seen.has(key)) continue;
    seen.add(key);
    items.push({
      id: `client:${key}`,
      group: GROUPS.clients,
      label: row.clientName,
      hint: 'Setups list, searched by this name',
      to: routePath('remOmniSeeAll', undefined, { search: row.clientName }),
    });
  }
  return items;
}

/** Whether the page of rows leaves setups out (more match the search than it holds). */
export function moreClientsThanShown(rows: readonly SetupRow[]): boolean {
  const setups = new Set(rows.map((row) => row.setupId)).size;
  return rows.some((row) => (row.totalRecords ?? 0) > setups);
}

/** Prompts whose name or client has every typed word. */
export function promptItems(prompts: readonly Prompt[], words: readonly string[]): JumpItem[] {
  return prompts
    .filter((p) => matchesWords(words, p.metadata.name, p.client))
    .map((p) => ({
      id: `prompt:${p.prompt_id}`,
      group: GROUPS.prompts,
      label: p.metadata.name,
      hint: `Client: ${p.client}`,
      to: routePath('promptDetail', { id: p.prompt_id }),
    }));
}

/**
 * Whether what is typed asks for a health screen: a word of "pipeline health" ("health", "he").
 * A product's health is offered only then, so a product's name alone still lists two items.
 */
const asksForHealth = (words: readonly string[]) =>
  words.some((word) => 'pipeline health'.split(' ').some((w) => w.startsWith(word)));

/**
 * Each product's setups ("<product>"; "<product> setups" finds it too) and its steps; its
 * pipeline health when asked for ("<product> health").
 */
export function productItems(products: readonly Product[], words: readonly string[]): JumpItem[] {
  const health = asksForHealth(words);
  return products.flatMap((p) => {
    const setups = routePath('seeAllSetup', { id: p.productId });
    const steps = routePath('stepDetails', { id: p.productId });
    const healthPath = routePath('productHealth', { id: p.productId });
    const items: (JumpItem & { words: string })[] = [
      {
        id: `product:${p.productId}`,
        words: `${p.productName} setups`,
        group: GROUPS.products,
        label: p.productName,
        hint: setups,
        to: setups,
      },
      {
        id: `product-steps:${p.productId}`,
        group: GROUPS.products,
        words: `${p.productName} steps`,
        label: `${p.productName} steps`,
        hint: steps,
        to: steps,
      },
      ...(health
        ? [
            {
              id: `product-health:${p.productId}`,
              group: GROUPS.products,
              words: `${p.productName} pipeline health`,
              label: `${p.productName} health`,
              hint: healthPath,
              to: healthPath,
            },
          ]
        : []),
    ];
    return items
      .filter((item) => matchesWords(words, item.words))
      .map(({ words: _words, ...item }) => item);
  });
}

/** The first GROUP_CAP items, and whether more were left out. */
export function capped(items: readonly JumpItem[]): { shown: JumpItem[]; more: boolean } {
  return { shown: items.slice(0, GROUP_CAP), more: items.length > GROUP_CAP };
}
