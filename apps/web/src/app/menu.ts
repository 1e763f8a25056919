import type { StaticRouteName } from '@/lib/routes';

export interface MenuGroupDef {
  id: string;
  title: string;
  items: readonly { label: string; route: StaticRouteName }[];
  /**
   * A group the specification's menu does not have (docs/requirements.md#decision-legacy-navigation):
   * the palette names its screens by their titles, not "Group › Item".
   */
  beyondSpec?: boolean;
}

/**
 * The side menu (docs/requirements.md#shell-menu): the specification's groups, then ours, each
 * item naming its route.
 */
export const MENU: readonly MenuGroupDef[] = [
  {
    id: 'rem-omni',
    title: 'Category Leaderboard - Omnichannel',
    items: [
      { label: 'New Setup', route: 'remOmniAddNew' },
      { label: 'See All', route: 'remOmniSeeAll' },
      { label: 'Failures', route: 'remOmniFailures' },
      { label: 'Health', route: 'remOmniHealth' },
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
  {
    id: 'legacy-setups',
    title: 'Legacy Customer Setups',
    items: [
      { label: 'Ongoing', route: 'ongoing' },
      { label: 'Completed', route: 'completed' },
    ],
    beyondSpec: true,
  },
  {
    id: 'metrics',
    title: 'Metrics',
    items: [{ label: 'Performance', route: 'performance' }],
    beyondSpec: true,
  },
];
