/** stepDetails (/product/:id/step_detail): a product's ordered workflow steps. */
export { StepsPage as Component } from '../components/steps-page';
