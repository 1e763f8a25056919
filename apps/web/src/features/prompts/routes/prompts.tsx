/** prompts: the prompt list. */
export { PromptListPage as Component } from '../components/prompt-list-page';
