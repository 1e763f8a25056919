/** addPrompt, editPrompt: the prompt form (edit when the route has an id). */
export { PromptFormPage as Component } from '../components/prompt-form-page';
