/** promptDetail: one prompt, read-only. */
export { PromptDetailPage as Component } from '../components/prompt-detail-page';
