import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { MAX_BROWSE_NODES } from '@onboarding/contracts';
import { SortableCheckList, withKey, type SortableCheckListItem } from '@onboarding/ui';
import { memo, useCallback, useMemo, useState } from 'react';
import { useAfterPaint } from '../hooks/use-after-paint';
import { parseNodeKey } from '../utils/node-keys';
import { selectedNodeKey } from '../utils/search-tree';
import { isTopLevel, nodesOf, type SelectedNode, type Selections } from '../utils/selection';
import type { PickerRetailer } from './browse-node-picker';

export interface SelectedNodesPanelProps {
  retailers: readonly PickerRetailer[];
  selections: Selections;
  onReorder: (retailerId: number, ids: number[]) => void;
  onRemove: (retailerId: number, ids: number[]) => void;
}

/**
 * `Selected Browse Nodes`: one card per selected retailer, its nodes in order. It follows the
 * choices once the tree has painted (a check paints at once; the cards catch up a frame later).
 */
export const SelectedNodesPanel = memo(function SelectedNodesPanel({
  retailers,
  selections: latest,
  onReorder,
  onRemove,
}: SelectedNodesPanelProps) {
  const selections = useAfterPaint(latest);
  return (
    <Stack spacing={1.5} component="section" aria-labelledby="selected-nodes-heading">
      <Typography id="selected-nodes-heading" variant="h3" component="h3">
        Selected Browse Nodes
      </Typography>
      {retailers.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No retailer selected.
        </Typography>
      ) : (
        retailers.map((r) => (
          <RetailerCard
            key={r.retailerId}
            retailer={r}
            nodes={nodesOf(selections, r.retailerId)}
            onReorder={onReorder}
            onRemove={onRemove}
          />
        ))
      )}
    </Stack>
  );
});

/** One list item per chosen node, kept while the node stays chosen (rows then skip re-rendering). */
const listItems = new WeakMap<SelectedNode, SortableCheckListItem>();
function listItemOf(node: SelectedNode): SortableCheckListItem {
  let item = listItems.get(node);
  if (!item) {
    item = {
      key: selectedNodeKey(node),
      label: node.nodePath,
      asPath: true,
      ...(isTopLevel(node) ? {} : { tag: 'sub category' }),
    };
    listItems.set(node, item);
  }
  return item;
}

function idsOf(keys: Iterable<string>): number[] {
  return [...keys].map((k) => parseNodeKey(k)?.id).filter((id): id is number => id !== undefined);
}

const RetailerCard = memo(function RetailerCard({
  retailer,
  nodes,
  onReorder,
  onRemove,
}: {
  retailer: PickerRetailer;
  nodes: readonly SelectedNode[];
  onReorder: SelectedNodesPanelProps['onReorder'];
  onRemove: SelectedNodesPanelProps['onRemove'];
}) {
  const [marked, setMarked] = useState<ReadonlySet<string>>(() => new Set());
  const items = useMemo(() => nodes.map(listItemOf), [nodes]);
  // Only ticks of nodes still chosen count (a node unticked in the tree leaves the list).
  const live = useMemo(
    () => new Set(items.map((i) => i.key).filter((k) => marked.has(k))),
    [items, marked],
  );
  const onMarkedChange = useCallback(
    (key: string, on: boolean) => setMarked((prev) => withKey(prev, key, on)),
    [],
  );

  return (
    <Card variant="outlined" data-testid={`selected-nodes-${retailer.retailerId}`}>
      <CardHeader
        title={retailer.retailerName}
        slotProps={{ title: { variant: 'subtitle1', component: 'h4' } }}
        subheader={`${nodes.length} / ${MAX_BROWSE_NODES}`}
        action={
          <Tooltip title="Remove checked nodes">
            <span>
              <IconButton
                aria-label={`Remove checked nodes of ${retailer.retailerName}`}
                disabled={live.size === 0}
                onClick={() => {
                  onRemove(retailer.retailerId, idsOf(live));
                  setMarked(new Set());
                }}
              >
                <DeleteOutline />
              </IconButton>
            </span>
          </Tooltip>
        }
        sx={{ pb: 0 }}
      />
      <CardContent>
        <SortableCheckList
          label={`Selected browse nodes of ${retailer.retailerName}`}
          items={items}
          markedKeys={live}
          onMarkedChange={onMarkedChange}
          onReorder={(keys) => onReorder(retailer.retailerId, idsOf(keys))}
          emptyText="No browse nodes selected yet."
          handleLabel="Move {label}"
        />
      </CardContent>
    </Card>
  );
});
