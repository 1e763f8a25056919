/** seeAllSetup: per-product setups list — its screen comes with a later issue. */
export { PlaceholderRoute as Component } from '@/lib/placeholder-route';
