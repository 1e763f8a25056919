import type { BrowseNodesResponse, SetupNode } from '@onboarding/contracts';

interface TreeNode {
  id: number;
  nodePath: string;
}

interface ParentNode extends TreeNode {
  children: TreeNode[];
}

export interface RetailerNodes {
  retailerId: number;
  parents: ParentNode[];
}

/**
 * The two-level tree of a setup's browse nodes, per retailer. A mapping whose parent is itself
 * is a top-level node; the others hang under their parent. A child whose parent is not among
 * the setup's nodes still shows, under a parent entry built from what is known of it.
 */
export function buildNodeTree(response: BrowseNodesResponse): RetailerNodes[] {
  const paths = new Map(response.data.browseNodes.map((n) => [n.nodeId, n.nodePath]));
  const pathOf = (id: number) => paths.get(id) ?? String(id);
  const retailers = new Map<number, Map<number, ParentNode>>();

  const parentsOf = (retailerId: number) => {
    let parents = retailers.get(retailerId);
    if (!parents) {
      parents = new Map();
      retailers.set(retailerId, parents);
    }
    return parents;
  };
  const parentEntry = (retailerId: number, id: number) => {
    const parents = parentsOf(retailerId);
    let parent = parents.get(id);
    if (!parent) {
      parent = { id, nodePath: pathOf(id), children: [] };
      parents.set(id, parent);
    }
    return parent;
  };

  for (const m of response.data.mapping) {
    if (m.parentId === m.id) parentEntry(m.retailerId, m.id);
  }
  for (const m of response.data.mapping) {
    if (m.parentId === m.id) continue;
    const parent = parentEntry(m.retailerId, m.parentId);
    if (!parent.children.some((c) => c.id === m.id)) {
      parent.children.push({ id: m.id, nodePath: pathOf(m.id) });
    }
  }

  return [...retailers.entries()].map(([retailerId, parents]) => ({
    retailerId,
    parents: [...parents.values()],
  }));
}

/** The per-product list rows' own nodes (`nodesDetails`) in the shape the tree is built from. */
export function nodesFromRows(nodes: readonly SetupNode[]): BrowseNodesResponse {
  return {
    data: {
      mapping: nodes.map((n) => ({ retailerId: n.retailerId, parentId: n.parentId, id: n.id })),
      browseNodes: nodes.map((n) => ({
        taxonomyId: '',
        nodeId: n.id,
        nodePath: n.nodePath,
        nodeLeaf: false,
      })),
    },
  };
}
