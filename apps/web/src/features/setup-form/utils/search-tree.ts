import type { SearchBrowseNodesResponse } from '@onboarding/contracts';
import type { TreeBranch } from '@onboarding/ui';
import { nodeKey } from './node-keys';
import { isTopLevel, type SelectedNode } from './selection';

export interface SearchTree {
  /** The two-level tree: each result with its children. */
  items: TreeBranch[];
  /** The node behind each picker key, as it would be chosen. */
  nodeByKey: ReadonlyMap<string, SelectedNode>;
  /** Results loaded so far, and how many the search found. */
  loaded: number;
  total: number;
}

/**
 * The picker tree of the loaded result pages. A result is top level (its own parent); its
 * children have it as parent. A result repeated on a later page is shown once.
 */
export function buildSearchTree(pages: readonly SearchBrowseNodesResponse[]): SearchTree {
  const items: TreeBranch[] = [];
  const nodeByKey = new Map<string, SelectedNode>();
  const seen = new Set<number>();
  for (const page of pages) {
    for (const result of page.nodes) {
      if (seen.has(result.id)) continue;
      seen.add(result.id);
      const key = nodeKey(result.id, 'PARENT');
      nodeByKey.set(key, {
        id: result.id,
        parentId: result.id,
        nodePath: result.nodePath,
        taxonomyId: result.taxonomyId ?? String(result.id),
      });
      items.push({
        key,
        label: result.nodePath,
        children: result.childNodes.map((child) => {
          const childKey = nodeKey(child.id, 'CHILD');
          nodeByKey.set(childKey, {
            id: child.id,
            parentId: result.id,
            nodePath: child.nodePath,
            taxonomyId: child.taxonomyId ?? String(child.id),
          });
          return { key: childKey, label: child.nodePath };
        }),
      });
    }
  }
  return { items, nodeByKey, loaded: seen.size, total: pages.at(-1)?.total ?? 0 };
}

/** The picker key of a chosen node. */
export function selectedNodeKey(node: SelectedNode): string {
  return nodeKey(node.id, isTopLevel(node) ? 'PARENT' : 'CHILD');
}

/** The picker keys of a retailer's chosen nodes (checked in the tree). */
export function checkedKeysOf(nodes: readonly SelectedNode[]): ReadonlySet<string> {
  return new Set(nodes.map(selectedNodeKey));
}
