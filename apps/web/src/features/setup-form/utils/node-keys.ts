import { NODE_KEY_CHILD_SUFFIX, NODE_KEY_PARENT_SUFFIX } from '@onboarding/contracts';

export type NodeKind = 'PARENT' | 'CHILD';

/** Picker key: node id + `_#PARENT` or `_#CHILD` (docs/requirements.md#setup-form-browse-nodes). */
export function nodeKey(id: number, kind: NodeKind): string {
  return `${id}${kind === 'PARENT' ? NODE_KEY_PARENT_SUFFIX : NODE_KEY_CHILD_SUFFIX}`;
}

/** The node id and kind of a picker key, or null for a key that is not one. */
export function parseNodeKey(key: string): { id: number; kind: NodeKind } | null {
  const kind: NodeKind | null = key.endsWith(NODE_KEY_PARENT_SUFFIX)
    ? 'PARENT'
    : key.endsWith(NODE_KEY_CHILD_SUFFIX)
      ? 'CHILD'
      : null;
  if (kind === null) return null;
  const suffix = kind === 'PARENT' ? NODE_KEY_PARENT_SUFFIX : NODE_KEY_CHILD_SUFFIX;
  const idText = key.slice(0, -suffix.length);
  if (!/^[0-9]+$/.test(idText)) return null;
  return { id: Number(idText), kind };
}
