/** remOmniSeeAll (/rem_omni/see_all). Its data is prefetched by `loaders.ts`. */
export { SetupsListPage as Component } from '../components/setups-list-page';
