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
function searchTokens(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[\s>]+/)
    .filter((t) => t.length > 0);
}

/** A word matching more path terms than this is checked on the candidates' paths instead. */
const BROAD_WORD_TERMS = 300;

interface WordHits {
  /** Top-level nodes whose path has the word. */
  parents: Set<number>;
  /** Children whose own segment has the word → their parent. */
  children: Map<number, number>;
}

/** Top-level nodes of each retailer (the trees never change, so they are read once). */
const topLevelCache = new WeakMap<SandboxDatabase, Map<number, Map<number, NodeRow>>>();

/**
 * Browse-node reads. Search matches every word of the text as a case-insensitive substring
 * of the node path, groups matches under their top-level node, and pages the top-level
 * nodes ordered by path. A top-level node that matches brings all its children; one reached
 * only through children brings just those.
 *
 * Words are looked up in the distinct path terms (a top-level node's path, a child's own
 * segment; a few thousand short strings) through their trigram index, then combined per node:
 * a word is in a child's path when it is in its parent's path or in the child's own segment
 * (words never span the " > " separator). A very common short word ("a") is checked on the
 * candidates' paths instead.
 */
export class BrowseNodeStore {
  constructor(private readonly db: SandboxDatabase) {}

  search(q: NodeSearch): SearchBrowseNodesResponse {
    const words = searchTokens(q.searchText);
    if (words.length === 0) return { total: 0, nodes: [] };
    const tops = this.topLevel(q.retailerId);
    const looked: WordHits[] = [];
    const broad: string[] = [];
    for (const word of words) {
      const hits = this.hits(q.retailerId, word);
      if (hits) looked.push(hits);
      else broad.push(word);
    }
    if (looked.length === 0) looked.push(this.scan(q.retailerId, broad.shift()!));

    // parent id → matched children (null: the parent matched itself, so all children)
    const groups = new Map<number, Set<number> | null>();
    for (const id of looked[0]!.parents) {
      if (looked.every((h) => h.parents.has(id))) groups.set(id, null);
    }
    for (const hits of looked) {
      for (const [child, parent] of hits.children) {
        if (groups.get(parent) === null) continue;
        if (!looked.every((h) => h.parents.has(parent) || h.children.has(child))) continue;
        const set = groups.get(parent) ?? new Set<number>();
        set.add(child);
        groups.set(parent, set);
      }
    }
    if (broad.length > 0) this.narrow(q.retailerId, groups, tops, broad);

    const sign = q.order === 'desc' ? -1 : 1;
    const parents = [...groups.keys()]
      .map((id) => tops.get(id)!)
      .sort((a, b) => (a.node_path < b.node_path ? -sign : a.node_path > b.node_path ? sign : 0));
    const pageParents = parents.slice((q.page - 1) * q.limit, q.page * q.limit);
    // All children of the parents that matched themselves, only the matching ones of the rest.
    const whole = pageParents.filter((p) => groups.get(p.node_id) === null).map((p) => p.node_id);
    const some = pageParents.flatMap((p) => [...(groups.get(p.node_id) ?? [])]);
    const children = new Map<number, NodeRow[]>();
    for (const c of [...this.childrenOf(q.retailerId, whole), ...this.nodes(q.retailerId, some)]) {
      const list = children.get(c.parent_id) ?? [];
      list.push(c);
      children.set(c.parent_id, list);
    }
    const nodes: SearchNode[] = pageParents.map((parent) => {
      const list = (children.get(parent.node_id) ?? []).sort((a, b) =>
        a.node_path < b.node_path ? -sign : a.node_path > b.node_path ? sign : 0,
      );
      return {
        id: parent.node_id,
        nodePath: parent.node_path,
        taxonomyId: String(parent.taxonomy_id),
        childNodes: list.map((c) => ({
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
    // The upstream also sends each node's retailer and parent; the contract does not name them
    // (the mapping carries both), so the gateway drops them on the way to the browser.
    const browseNodes: (BrowseNodesResponse['data']['browseNodes'][number] & {
      retailerId: number;
      parentId: number;
    })[] = [];
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

  /**
   * The retailer's nodes whose own text has the word: top-level nodes (their path has it)
   * and children (their own segment has it). Undefined when the word is too common to look up.
   */
  private hits(retailerId: number, word: string): WordHits | undefined {
    const terms =
      word.length >= 3
        ? this.db
            .prepare<[string], { id: number }>(
              'SELECT rowid AS id FROM path_terms_fts WHERE path_terms_fts MATCH ?',
            )
            .all(`"${word.replaceAll('"', '""')}"`)
        : this.db
            .prepare<[string, number], { id: number }>(
              'SELECT term_id AS id FROM path_terms WHERE instr(lower(text), ?) > 0 LIMIT ?',
            )
            .all(word, BROAD_WORD_TERMS + 1);
    if (word.length < 3 && terms.length > BROAD_WORD_TERMS) return undefined;
    const parents = new Set<number>();
    const children = new Map<number, number>();
    if (terms.length === 0) return { parents, children };
    const rows = this.db
      .prepare<[number, string], { node_id: number; parent_id: number }>(
        `SELECT node_id, parent_id FROM browse_nodes
         WHERE retailer_id = ? AND term_id IN (SELECT value FROM json_each(?))`,
      )
      .all(retailerId, JSON.stringify(terms.map((t) => t.id)));
    for (const r of rows) {
      if (r.node_id === r.parent_id) parents.add(r.node_id);
      else children.set(r.node_id, r.parent_id);
    }
    return { parents, children };
  }

  /** Every node of the retailer whose path has the word (for a search of common words only). */
  private scan(retailerId: number, word: string): WordHits {
    const parents = new Set<number>();
    const children = new Map<number, number>();
    const rows = this.db
      .prepare<[number, string], { node_id: number; parent_id: number }>(
        `SELECT node_id, parent_id FROM browse_nodes
         WHERE retailer_id = ? AND instr(lower(node_path), ?) > 0`,
      )
      .all(retailerId, word);
    for (const r of rows) {
      if (r.node_id === r.parent_id) parents.add(r.node_id);
      else if (parents.has(r.parent_id)) continue;
      else children.set(r.node_id, r.parent_id);
    }
    return { parents, children };
  }

  /** Keeps only the matches whose full path also has every one of the common words. */
  private narrow(
    retailerId: number,
    groups: Map<number, Set<number> | null>,
    tops: Map<number, NodeRow>,
    words: string[],
  ) {
    const hasAll = (path: string) => {
      const lower = path.toLowerCase();
      return words.every((w) => lower.includes(w));
    };
    const recheck: number[] = [];
    const explicit: number[] = [];
    for (const [parent, only] of groups) {
      if (only === null) {
        if (!hasAll(tops.get(parent)!.node_path)) recheck.push(parent);
      } else explicit.push(...only);
    }
    const paths = new Map<number, NodeRow>();
    for (const c of this.childrenOf(retailerId, recheck)) paths.set(c.node_id, c);
    for (const c of this.nodes(retailerId, explicit)) paths.set(c.node_id, c);
    for (const parent of recheck) groups.set(parent, new Set());
    for (const c of paths.values()) {
      const set = groups.get(c.parent_id);
      if (!set) continue;
      if (!hasAll(c.node_path)) set.delete(c.node_id);
      else set.add(c.node_id);
    }
    for (const [parent, set] of groups) if (set !== null && set.size === 0) groups.delete(parent);
  }

  private childrenOf(retailerId: number, parentIds: readonly number[]): NodeRow[] {
    if (parentIds.length === 0) return [];
    return this.db
      .prepare<[number, string], NodeRow>(
        `SELECT taxonomy_id, node_id, parent_id, node_path FROM browse_nodes
         WHERE retailer_id = ? AND parent_id IN (SELECT value FROM json_each(?))
           AND node_id <> parent_id
         ORDER BY node_path`,
      )
      .all(retailerId, JSON.stringify(parentIds));
  }

  private topLevel(retailerId: number): Map<number, NodeRow> {
    const perDb = topLevelCache.get(this.db) ?? new Map<number, Map<number, NodeRow>>();
    topLevelCache.set(this.db, perDb);
    let tops = perDb.get(retailerId);
    if (!tops) {
      tops = new Map(
        this.db
          .prepare<[number], NodeRow>(
            `SELECT taxonomy_id, node_id, parent_id, node_path FROM browse_nodes
             WHERE retailer_id = ? AND parent_id = node_id`,
          )
          .all(retailerId)
          .map((n) => [n.node_id, n]),
      );
      perDb.set(retailerId, tops);
    }
    return tops;
  }
}
