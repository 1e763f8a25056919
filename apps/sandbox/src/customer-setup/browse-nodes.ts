import type {
  BrowseNodesResponse,
  SearchBrowseNodesResponse,
  SearchNode,
} from '@onboarding/contracts';
import type { SandboxDatabase } from '../db/database.js';

interface NodeRow {
  taxonomy_id: number;
  node_id: number;
  parent_id: number;
  node_path: string;
}

export interface NodeSearch {
  searchText: string;
  page: number;
  limit: number;
  order: 'asc' | 'desc';
  retailerId: number;
}

/** Words of a search: whitespace and the path separator `>` split them. */
export function searchTokens(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[\s>]+/)
    .filter((t) => t.length > 0);
}

/**
 * Browse-node reads. Search matches every word of the text as a case-insensitive substring
 * of the node path (trigram full-text index for words of 3+ characters, a scan of the
 * retailer's nodes otherwise), groups matches under their top-level node, and pages the
 * top-level nodes ordered by path. A top-level node that matches brings all its children;
 * one reached only through children brings just those.
 */
export class BrowseNodeStore {
  constructor(private readonly db: SandboxDatabase) {}

  search(q: NodeSearch): SearchBrowseNodesResponse {
    const tokens = searchTokens(q.searchText);
    if (tokens.length === 0) return { total: 0, nodes: [] };
    const matches = this.matching(q.retailerId, tokens);
    // parent id → matched children (null: the parent matched itself, so all children)
    const groups = new Map<number, Set<number> | null>();
    for (const m of matches) {
      if (m.node_id === m.parent_id) groups.set(m.node_id, null);
      else {
        const existing = groups.get(m.parent_id);
        if (existing === null) continue;
        if (existing) existing.add(m.node_id);
        else groups.set(m.parent_id, new Set([m.node_id]));
      }
    }
    const parents = this.nodes(q.retailerId, [...groups.keys()]);
    parents.sort((a, b) =>
      q.order === 'desc'
        ? b.node_path.localeCompare(a.node_path)
        : a.node_path.localeCompare(b.node_path),
    );
    const pageParents = parents.slice((q.page - 1) * q.limit, q.page * q.limit);
    const childrenOf = this.db.prepare<[number, number], NodeRow>(
      `SELECT taxonomy_id, node_id, parent_id, node_path FROM browse_nodes
       WHERE retailer_id = ? AND parent_id = ? AND node_id <> parent_id ORDER BY node_path`,
    );
    const nodes: SearchNode[] = pageParents.map((parent) => {
      const only = groups.get(parent.node_id);
      const children = childrenOf
        .all(q.retailerId, parent.node_id)
        .filter((c) => !only || only.has(c.node_id));
      if (q.order === 'desc') children.reverse();
      return {
        id: parent.node_id,
        nodePath: parent.node_path,
        taxonomyId: String(parent.taxonomy_id),
        childNodes: children.map((c) => ({
          id: c.node_id,
          nodePath: c.node_path,
          taxonomyId: String(c.taxonomy_id),
        })),
      };
    });
    return { total: parents.length, nodes };
  }

  /** The nodes of a setup for one or all retailers: the stored pairs and the nodes they name. */
  setupNodes(setupId: number): BrowseNodesResponse {
    const pairs = this.db
      .prepare<[number], { retailer_id: number; node_id: number; parent_id: number }>(
        `SELECT n.retailer_id, n.node_id, n.parent_id FROM setup_nodes n
         JOIN setup_retailers r ON r.setup_id = n.setup_id AND r.retailer_id = n.retailer_id
         WHERE n.setup_id = ? ORDER BY r.position, n.position`,
      )
      .all(setupId);
    const byRetailer = new Map<number, Set<number>>();
    for (const p of pairs) {
      const ids = byRetailer.get(p.retailer_id) ?? new Set<number>();
      ids.add(p.parent_id).add(p.node_id);
      byRetailer.set(p.retailer_id, ids);
    }
    const browseNodes: BrowseNodesResponse['data']['browseNodes'] = [];
    for (const [retailerId, ids] of byRetailer) {
      for (const n of this.nodes(retailerId, [...ids])) {
        browseNodes.push({
          taxonomyId: String(n.taxonomy_id),
          nodeId: n.node_id,
          nodePath: n.node_path,
          nodeLeaf: n.node_id !== n.parent_id,
          retailerId,
          parentId: n.parent_id,
        });
      }
    }
    browseNodes.sort((a, b) => a.nodePath.localeCompare(b.nodePath));
    return {
      data: {
        mapping: pairs.map((p) => ({
          retailerId: p.retailer_id,
          parentId: p.parent_id,
          id: p.node_id,
        })),
        browseNodes,
      },
    };
  }

  /** The given node ids of a retailer that exist, with their parents. */
  nodes(retailerId: number, ids: readonly number[]): NodeRow[] {
    if (ids.length === 0) return [];
    return this.db
      .prepare<[number, string], NodeRow>(
        `SELECT taxonomy_id, node_id, parent_id, node_path FROM browse_nodes
         WHERE retailer_id = ? AND node_id IN (SELECT value FROM json_each(?))`,
      )
      .all(retailerId, JSON.stringify(ids));
  }

  private matching(retailerId: number, tokens: string[]) {
    type Match = { node_id: number; parent_id: number };
    if (tokens.every((t) => t.length >= 3)) {
      const expression = tokens.map((t) => `"${t.replaceAll('"', '""')}"`).join(' AND ');
      return this.db
        .prepare<[string, number], Match>(
          `SELECT b.node_id, b.parent_id FROM browse_nodes_fts f
           JOIN browse_nodes b ON b.taxonomy_id = f.rowid
           WHERE browse_nodes_fts MATCH ? AND b.retailer_id = ?`,
        )
        .all(expression, retailerId);
    }
    const where = tokens.map(() => 'instr(lower(node_path), ?) > 0').join(' AND ');
    return this.db
      .prepare<unknown[], Match>(
        `SELECT node_id, parent_id FROM browse_nodes WHERE retailer_id = ? AND ${where}`,
      )
      .all(retailerId, ...tokens);
  }
}
