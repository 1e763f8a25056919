import type Database from 'better-sqlite3';
import { Random } from './random.js';
import { RETAILER_DEPARTMENT_NAMES, SHELVES, subcategories } from './taxonomy.js';

export interface RetailerSeed {
  id: number;
  name: string;
  slug: string;
  source: 'REM' | 'MARKETSHARE';
  /** Departments carried (all when omitted). */
  departments?: readonly string[];
  /** Share of subcategories carried. */
  subcategoryShare: number;
  /** Share of the possible children of a subcategory carried. */
  childShare: number;
  /** First browse node id; ids grow with small random gaps, the way real catalogues do. */
  firstNodeId: number;
}

/** Default: Amazon, id 4 (docs/requirements.md#decision-default-retailer). Large: 20,000+ nodes. */
export const RETAILERS: readonly RetailerSeed[] = [
  {
    id: 4,
    name: 'Amazon',
    slug: 'amazon',
    source: 'REM',
    subcategoryShare: 1,
    childShare: 0.92,
    firstNodeId: 2_255_571_011,
  },
  {
    id: 12,
    name: 'Walmart',
    slug: 'walmart',
    source: 'REM',
    subcategoryShare: 1,
    childShare: 0.9,
    firstNodeId: 976_759,
  },
  {
    id: 9,
    name: 'Target',
    slug: 'target',
    source: 'REM',
    subcategoryShare: 1,
    childShare: 0.9,
    firstNodeId: 4_480_000,
  },
  {
    id: 17,
    name: 'Kroger',
    slug: 'kroger',
    source: 'REM',
    subcategoryShare: 0.9,
    childShare: 0.45,
    firstNodeId: 71_000_000,
    departments: ['Grocery', 'Health & Household', 'Beauty & Personal Care', 'Pet Supplies'],
  },
  {
    id: 23,
    name: 'Instacart',
    slug: 'instacart',
    source: 'REM',
    subcategoryShare: 0.85,
    childShare: 0.35,
    firstNodeId: 310_000,
    departments: [
      'Grocery',
      'Health & Household',
      'Beauty & Personal Care',
      'Pet Supplies',
      'Office Products',
    ],
  },
  {
    id: 31,
    name: 'Amazon Fresh',
    slug: 'amazon-fresh',
    source: 'MARKETSHARE',
    subcategoryShare: 1,
    childShare: 0.5,
    firstNodeId: 16_310_101,
    departments: ['Grocery', 'Health & Household'],
  },
  {
    id: 27,
    name: 'Costco',
    slug: 'costco',
    source: 'MARKETSHARE',
    subcategoryShare: 0.55,
    childShare: 0.25,
    firstNodeId: 8_200_000,
  },
  {
    id: 41,
    name: 'Best Buy',
    slug: 'best-buy',
    source: 'MARKETSHARE',
    subcategoryShare: 1,
    childShare: 0.6,
    firstNodeId: 50_000_000,
    departments: ['Electronics', 'Home & Kitchen'],
  },
  {
    id: 52,
    name: 'Home Depot',
    slug: 'home-depot',
    source: 'MARKETSHARE',
    subcategoryShare: 1,
    childShare: 0.55,
    firstNodeId: 202_000_000,
    departments: ['Tools & Home Improvement', 'Patio, Lawn & Garden', 'Home & Kitchen'],
  },
];

/** Inserts the retailers, their browse trees and the path terms, then builds the trigram index. */
export function seedRetailers(db: Database.Database): void {
  const insertRetailer = db.prepare(
    'INSERT INTO retailers (retailer_id, retailer_name, slug, project_source, position) VALUES (?, ?, ?, ?, ?)',
  );
  const insertNode = db.prepare(
    `INSERT INTO browse_nodes (retailer_id, node_id, parent_id, node_path, node_name, term_id)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const insertTerm = db.prepare('INSERT INTO path_terms (text) VALUES (?)');
  const terms = new Map<string, number>();
  const term = (text: string) => {
    let id = terms.get(text);
    if (id === undefined) {
      id = Number(insertTerm.run(text).lastInsertRowid);
      terms.set(text, id);
    }
    return id;
  };
  const all = subcategories();
  RETAILERS.forEach((retailer, position) => {
    insertRetailer.run(retailer.id, retailer.name, retailer.slug, retailer.source, position);
    const random = new Random(`nodes:${retailer.slug}`);
    const names = RETAILER_DEPARTMENT_NAMES[retailer.slug] ?? {};
    let nodeId = retailer.firstNodeId;
    const nextId = () => (nodeId += random.int(1, 37));
    for (const { department, category, subcategory } of all) {
      if (retailer.departments && !retailer.departments.includes(department.name)) continue;
      if (!random.chance(retailer.subcategoryShare)) continue;
      const deptName = names[department.name] ?? department.name;
      const parentPath = `${deptName} > ${category} > ${subcategory}`;
      const parentId = nextId();
      insertNode.run(retailer.id, parentId, parentId, parentPath, subcategory, term(parentPath));
      const leaves = [...department.facets.map((facet) => `${facet} ${subcategory}`), ...SHELVES];
      for (const leaf of leaves) {
        if (!random.chance(retailer.childShare)) continue;
        insertNode.run(
          retailer.id,
          nextId(),
          parentId,
          `${parentPath} > ${leaf}`,
          leaf,
          term(leaf),
        );
      }
    }
  });
  db.exec("INSERT INTO path_terms_fts (path_terms_fts) VALUES ('rebuild')");
}
