import type { StaticRouteName } from '@/lib/routes';

export interface MenuGroupDef {
  id: string;
  title: string;
  items: readonly { label: string; route: StaticRouteName }[];
}

/** The side menu (docs/requirements.md#shell-menu): groups and items, each naming its route. */
export const MENU: readonly MenuGroupDef[] = [
  {
    id: 'rem-omni',
    title: 'Category Leaderboard - Omnichannel',
    items: [
      { label: 'New Setup', route: 'remOmniAddNew' },
      { label: 'See All', route: 'remOmniSeeAll' },
      { label: 'Failures', route: 'remOmniFailures' },
    ],
  },
  {
    id: 'product-onboarding',
    title: 'Product Onboarding',
    items: [{ label: 'See All', route: 'seeAllProduct' }],
  },
  { id: 'llm-service', title: 'LLM Service', items: [{ label: 'Prompts', route: 'prompts' }] },
  {
    id: 'data-science',
    title: 'Data Science',
    items: [{ label: 'Experimental', route: 'searchVolume' }],
  },
];
