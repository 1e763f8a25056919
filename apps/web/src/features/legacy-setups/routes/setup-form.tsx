/** addNew, edit: the legacy add / edit form (edit when the route has a setupId). */
export { SetupFormPage as Component } from '../components/setup-form-page';
