/** remOmniProspect, remOmniClient, remOmniEditSetup: the setup form (mode from route meta) — its screen comes with a later issue. */
export { PlaceholderRoute as Component } from '@/lib/placeholder-route';
