import { diffFields, type FieldChange, type ListChange } from '@onboarding/ui';
import type { UpdatePromptBody } from './payload';

/** What an Update changes, as the review before it lists it (docs/requirements.md#prompt-review). */
export interface PromptChanges {
  fields: FieldChange[];
  lists: ListChange[];
}

const shown = (value: string | undefined) => (value ? value : '—');

/**
 * The changes between two update bodies (the prompt as loaded and as it would be sent), under
 * the form's labels: name, prompt and business context; a changed default as a row labelled as
 * its input (`{{name}}`); variables added or removed, with their defaults, as the `Variables` list.
 */
export function promptChanges(before: UpdatePromptBody, after: UpdatePromptBody): PromptChanges {
  const flat = (body: UpdatePromptBody) => ({
    name: body.metadata.name,
    prompt: body.newPrompt,
    businessContext: body.newBusinessContext ?? '',
  });
  const fields = diffFields(flat(before), flat(after), [
    ['name', 'Name'],
    ['prompt', 'Prompt'],
    ['businessContext', 'Business Context'],
  ]);

  const was = before.metadata.variables;
  const now = after.metadata.variables;
  const has = (values: Record<string, string>, name: string) => Object.hasOwn(values, name);
  const item = (values: Record<string, string>) => (name: string) =>
    `{{${name}}}: ${shown(values[name])}`;
  for (const name of Object.keys(now)) {
    if (has(was, name) && was[name] !== now[name]) {
      fields.push({ label: `{{${name}}}`, before: shown(was[name]), after: shown(now[name]) });
    }
  }
  const added = Object.keys(now).filter((name) => !has(was, name));
  const removed = Object.keys(was).filter((name) => !has(now, name));
  const lists =
    added.length || removed.length
      ? [{ label: 'Variables', added: added.map(item(now)), removed: removed.map(item(was)) }]
      : [];
  return { fields, lists };
}

export const hasChanges = (changes: PromptChanges) =>
  changes.fields.length > 0 || changes.lists.length > 0;
