import {
  MAX_BROWSE_NODES,
  maxBrowseNodesError,
  type RetailerSelection,
} from '@onboarding/contracts';

/** A chosen node (docs/requirements.md#setup-form-browse-nodes): at top level, its own parent. */
export type SelectedNode = RetailerSelection['nodes'][number];

/** The chosen nodes of every retailer, in the operator's order. */
export type Selections = Readonly<Record<number, readonly SelectedNode[]>>;

const NONE: readonly SelectedNode[] = [];

export function nodesOf(selections: Selections, retailerId: number): readonly SelectedNode[] {
  return selections[retailerId] ?? NONE;
}

/** Whether the node is a top-level one (its own parent). */
export function isTopLevel(node: Pick<SelectedNode, 'id' | 'parentId'>): boolean {
  return node.id === node.parentId;
}

export interface SelectionResult {
  selections: Selections;
  /** `Maximum 50 browse nodes are allowed` when the node was refused. */
  error: string | null;
}

/** Adds a node at the end of a retailer's list, unless it is there or the list is full. */
export function addNode(
  selections: Selections,
  retailerId: number,
  node: SelectedNode,
  max = MAX_BROWSE_NODES,
): SelectionResult {
  const current = nodesOf(selections, retailerId);
  if (current.some((n) => n.id === node.id)) return { selections, error: null };
  const error = maxBrowseNodesError(current.length + 1, max);
  if (error) return { selections, error };
  return { selections: { ...selections, [retailerId]: [...current, node] }, error: null };
}

/** Removes the given node ids from a retailer's list. */
export function removeNodes(
  selections: Selections,
  retailerId: number,
  ids: Iterable<number>,
): Selections {
  const drop = new Set(ids);
  const current = nodesOf(selections, retailerId);
  const next = current.filter((n) => !drop.has(n.id));
  if (next.length === current.length) return selections;
  return { ...selections, [retailerId]: next };
}

/** Puts a retailer's nodes in the given id order (ids not listed keep their place at the end). */
export function reorderNodes(
  selections: Selections,
  retailerId: number,
  orderedIds: readonly number[],
): Selections {
  const current = nodesOf(selections, retailerId);
  const byId = new Map(current.map((n) => [n.id, n]));
  const ordered: SelectedNode[] = [];
  for (const id of orderedIds) {
    const node = byId.get(id);
    if (node) {
      ordered.push(node);
      byId.delete(id);
    }
  }
  ordered.push(...byId.values());
  return { ...selections, [retailerId]: ordered };
}

/** Drops the lists of retailers that are no longer selected. */
export function keepRetailers(selections: Selections, retailerIds: readonly number[]): Selections {
  const keep = new Set(retailerIds);
  const next: Record<number, readonly SelectedNode[]> = {};
  for (const [id, nodes] of Object.entries(selections)) {
    if (keep.has(Number(id))) next[Number(id)] = nodes;
  }
  return next;
}

/** Selections per selected retailer, in order (docs/requirements.md#setup-form-browse-nodes). */
export function toRetailerSelections(
  retailers: readonly { retailerId: number; retailerName: string }[],
  selections: Selections,
): RetailerSelection[] {
  return retailers.map((r) => {
    const nodes = [...nodesOf(selections, r.retailerId)];
    return {
      retailerName: r.retailerName,
      retailerId: r.retailerId,
      nodes,
      parentNodes: nodes.filter(isTopLevel).map((n) => n.id),
    };
  });
}
