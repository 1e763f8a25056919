/** remOmniAddNew (/rem_omni/select): prospect or existing client chooser — its screen comes with a later issue. */
export { PlaceholderRoute as Component } from '@/lib/placeholder-route';
