/** remOmniSetupDetail (/rem_omni/details/:setupId). */
export { SetupDetailsPage as Component } from '../components/setup-details-page';
