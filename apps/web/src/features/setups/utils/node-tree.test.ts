import { describe, expect, it } from '@jest/globals';
import { fixtures } from '@onboarding/contracts/testing';
import { buildNodeTree, nodesFromRows } from './node-tree';

describe('buildNodeTree', () => {
  it('puts children under their parent, per retailer', () => {
    const tree = buildNodeTree(
      fixtures.browseNodesResponse({
        data: {
          mapping: [
            { retailerId: 4, parentId: 1, id: 1 },
            { retailerId: 4, parentId: 1, id: 2 },
            { retailerId: 7, parentId: 5, id: 5 },
          ],
          browseNodes: [
            { taxonomyId: '1', nodeId: 1, nodePath: 'A', nodeLeaf: false },
            { taxonomyId: '2', nodeId: 2, nodePath: 'A > B', nodeLeaf: true },
            { taxonomyId: '5', nodeId: 5, nodePath: 'C', nodeLeaf: true },
          ],
        },
      }),
    );
    expect(tree).toEqual([
      {
        retailerId: 4,
        parents: [{ id: 1, nodePath: 'A', children: [{ id: 2, nodePath: 'A > B' }] }],
      },
      { retailerId: 7, parents: [{ id: 5, nodePath: 'C', children: [] }] },
    ]);
  });

  it('still shows a child whose parent is not selected itself', () => {
    const tree = buildNodeTree(
      fixtures.browseNodesResponse({
        data: {
          mapping: [{ retailerId: 4, parentId: 9, id: 2 }],
          browseNodes: [{ taxonomyId: '2', nodeId: 2, nodePath: 'X > Y', nodeLeaf: true }],
        },
      }),
    );
    expect(tree).toEqual([
      {
        retailerId: 4,
        parents: [{ id: 9, nodePath: '9', children: [{ id: 2, nodePath: 'X > Y' }] }],
      },
    ]);
  });
  it('keeps every top-level node of a retailer and every child of a parent', () => {
    const tree = buildNodeTree(
      fixtures.browseNodesResponse({
        data: {
          mapping: [
            { retailerId: 4, parentId: 1, id: 1 },
            { retailerId: 4, parentId: 3, id: 3 },
            { retailerId: 4, parentId: 1, id: 2 },
            { retailerId: 4, parentId: 1, id: 5 },
          ],
          browseNodes: [
            { taxonomyId: '1', nodeId: 1, nodePath: 'A', nodeLeaf: false },
            { taxonomyId: '2', nodeId: 2, nodePath: 'A > B', nodeLeaf: true },
            { taxonomyId: '3', nodeId: 3, nodePath: 'C', nodeLeaf: true },
            { taxonomyId: '5', nodeId: 5, nodePath: 'A > D', nodeLeaf: true },
          ],
        },
      }),
    );
    expect(tree).toEqual([
      {
        retailerId: 4,
        parents: [
          {
            id: 1,
            nodePath: 'A',
            children: [
              { id: 2, nodePath: 'A > B' },
              { id: 5, nodePath: 'A > D' },
            ],
          },
          { id: 3, nodePath: 'C', children: [] },
        ],
      },
    ]);
  });

  it('shows a child mapped twice once', () => {
    const tree = buildNodeTree(
      fixtures.browseNodesResponse({
        data: {
          mapping: [
            { retailerId: 4, parentId: 1, id: 1 },
            { retailerId: 4, parentId: 1, id: 2 },
            { retailerId: 4, parentId: 1, id: 2 },
          ],
          browseNodes: [
            { taxonomyId: '1', nodeId: 1, nodePath: 'A', nodeLeaf: false },
            { taxonomyId: '2', nodeId: 2, nodePath: 'A > B', nodeLeaf: true },
          ],
        },
      }),
    );
    expect(tree[0]!.parents).toEqual([
      { id: 1, nodePath: 'A', children: [{ id: 2, nodePath: 'A > B' }] },
    ]);
  });

  it("builds the same tree from a per-product list row's own nodes", () => {
    const tree = buildNodeTree(
      nodesFromRows([
        { retailerId: 4, parentId: 1, id: 1, nodePath: 'A' },
        { retailerId: 4, parentId: 1, id: 2, nodePath: 'A > B' },
        { retailerId: 7, parentId: 9, id: 5, nodePath: 'X > C' },
      ]),
    );
    expect(tree).toEqual([
      {
        retailerId: 4,
        parents: [{ id: 1, nodePath: 'A', children: [{ id: 2, nodePath: 'A > B' }] }],
      },
      {
        retailerId: 7,
        parents: [{ id: 9, nodePath: '9', children: [{ id: 5, nodePath: 'X > C' }] }],
      },
    ]);
  });
});
