export { CheckableTree, type CheckableTreeProps } from './checkable-tree.js';
export {
  preloadSortableCheckList,
  SortableCheckList,
  type SortableCheckListItem,
  type SortableCheckListProps,
} from './sortable-check-list.js';
export {
  countTreeNodes,
  flattenTree,
  type TreeBranch,
  type TreeLeaf,
  type TreeRow,
} from './flatten.js';
