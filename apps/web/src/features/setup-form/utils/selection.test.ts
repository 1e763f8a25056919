import { describe, expect, it } from '@jest/globals';
import {
  addNode,
  keepRetailers,
  removeNodes,
  reorderNodes,
  toRetailerSelections,
  type SelectedNode,
  type Selections,
} from './selection';

const node = (id: number, parentId = id): SelectedNode => ({
  id,
  parentId,
  nodePath: `Path ${id}`,
  taxonomyId: `t${id}`,
});

describe('choosing browse nodes', () => {
  it('adds a node once, at the end of its retailer list', () => {
    let sel: Selections = {};
    sel = addNode(sel, 4, node(1)).selections;
    sel = addNode(sel, 4, node(2, 1)).selections;
    sel = addNode(sel, 4, node(1)).selections;
    sel = addNode(sel, 12, node(9)).selections;
    expect(sel[4]?.map((n) => n.id)).toEqual([1, 2]);
    expect(sel[12]?.map((n) => n.id)).toEqual([9]);
  });

  it('refuses the 51st node of a retailer with the maximum message', () => {
    let sel: Selections = {};
    for (let i = 1; i <= 50; i += 1) sel = addNode(sel, 4, node(i)).selections;
    const refused = addNode(sel, 4, node(51));
    expect(refused.error).toBe('Maximum 50 browse nodes are allowed');
    expect(refused.selections[4]).toHaveLength(50);
    expect(addNode(sel, 12, node(51)).error).toBeNull();
  });

  it('removes the given nodes and reorders the rest', () => {
    let sel: Selections = { 4: [node(1), node(2), node(3), node(4)] };
    sel = removeNodes(sel, 4, [2, 4]);
    expect(sel[4]?.map((n) => n.id)).toEqual([1, 3]);
    sel = reorderNodes(sel, 4, [3, 1]);
    expect(sel[4]?.map((n) => n.id)).toEqual([3, 1]);
  });

  it('leaves the selections as they are when none of the given nodes is chosen', () => {
    const sel: Selections = { 4: [node(1), node(2)] };
    expect(removeNodes(sel, 4, [3])).toBe(sel);
    expect(removeNodes(sel, 12, [1])).toBe(sel);
  });

  it('passes over ids in the new order that are not chosen', () => {
    const sel = reorderNodes({ 4: [node(1), node(2), node(3)] }, 4, [9, 3, 1]);
    expect(sel[4]?.map((n) => n.id)).toEqual([3, 1, 2]);
  });

  it('forgets the nodes of a retailer that is no longer selected', () => {
    const sel = keepRetailers({ 4: [node(1)], 12: [node(2)] }, [12]);
    expect(sel).toEqual({ 12: [node(2)] });
  });

  it('builds the per-retailer selections with their top-level nodes as parentNodes', () => {
    const sel: Selections = { 4: [node(1), node(2, 1), node(3)] };
    expect(toRetailerSelections([{ retailerId: 4, retailerName: 'Amazon' }], sel)).toEqual([
      { retailerName: 'Amazon', retailerId: 4, nodes: sel[4], parentNodes: [1, 3] },
    ]);
  });
});
