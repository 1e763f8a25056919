import { describe, expect, it } from '@jest/globals';
import { buildSearchTree, checkedKeysOf } from './search-tree';

describe('the browse-node result tree', () => {
  it('keys results with _#PARENT and their children with _#CHILD', () => {
    const tree = buildSearchTree([
      {
        total: 2,
        nodes: [
          {
            id: 10,
            nodePath: 'Grocery > Snacks',
            taxonomyId: 'T10',
            childNodes: [{ id: 11, nodePath: 'Grocery > Snacks > Chips', taxonomyId: 'T11' }],
          },
        ],
      },
      {
        total: 2,
        nodes: [
          { id: 10, nodePath: 'Grocery > Snacks', childNodes: [] },
          { id: 20, nodePath: 'Grocery > Drinks', childNodes: [] },
        ],
      },
    ]);
    expect(tree.items.map((i) => i.key)).toEqual(['10_#PARENT', '20_#PARENT']);
    expect(tree.items[0]?.children?.map((c) => c.key)).toEqual(['11_#CHILD']);
    expect(tree.nodeByKey.get('10_#PARENT')).toEqual({
      id: 10,
      parentId: 10,
      nodePath: 'Grocery > Snacks',
      taxonomyId: 'T10',
    });
    expect(tree.nodeByKey.get('11_#CHILD')).toEqual({
      id: 11,
      parentId: 10,
      nodePath: 'Grocery > Snacks > Chips',
      taxonomyId: 'T11',
    });
    expect(tree.nodeByKey.get('20_#PARENT')?.taxonomyId).toBe('20');
    expect(tree).toMatchObject({ loaded: 2, total: 2 });
  });

  it('counts what the latest page says the search found, and nothing before any page', () => {
    const page = (total: number, id: number) => ({
      total,
      nodes: [{ id, nodePath: `Node ${id}`, childNodes: [] }],
    });
    expect(buildSearchTree([page(37, 1)])).toMatchObject({ loaded: 1, total: 37 });
    expect(buildSearchTree([page(37, 1), page(37, 2), page(36, 3)])).toMatchObject({
      loaded: 3,
      total: 36,
    });
    expect(buildSearchTree([])).toMatchObject({ items: [], loaded: 0, total: 0 });
  });

  it('checks the keys of the chosen nodes', () => {
    const keys = checkedKeysOf([
      { id: 10, parentId: 10, nodePath: 'a', taxonomyId: 'a' },
      { id: 11, parentId: 10, nodePath: 'b', taxonomyId: 'b' },
    ]);
    expect([...keys]).toEqual(['10_#PARENT', '11_#CHILD']);
  });
});
