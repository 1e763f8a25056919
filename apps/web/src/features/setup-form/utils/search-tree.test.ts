import { describe, expect, it } from '@jest/globals';
import { buildSearchTree, checkedKeysOf } from './search-tree';
import { nodeKey, parseNodeKey } from './node-keys';

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
    expect(tree.nodeByKey.get('11_#CHILD')).toMatchObject({ id: 11, parentId: 10 });
    expect(tree.nodeByKey.get('20_#PARENT')?.taxonomyId).toBe('20');
    expect(tree).toMatchObject({ loaded: 2, total: 2 });
  });

  it('checks the keys of the chosen nodes', () => {
    const keys = checkedKeysOf([
      { id: 10, parentId: 10, nodePath: 'a', taxonomyId: 'a' },
      { id: 11, parentId: 10, nodePath: 'b', taxonomyId: 'b' },
    ]);
    expect([...keys]).toEqual(['10_#PARENT', '11_#CHILD']);
  });

  it('reads a key back into an id and kind', () => {
    expect(parseNodeKey(nodeKey(123, 'CHILD'))).toEqual({ id: 123, kind: 'CHILD' });
    expect(parseNodeKey('123_#PARENT')).toEqual({ id: 123, kind: 'PARENT' });
    expect(parseNodeKey('abc_#PARENT')).toBeNull();
    expect(parseNodeKey('123')).toBeNull();
  });
});
