import Box from '@mui/material/Box';
import type { SetupNode } from '@onboarding/contracts';
import { LoadingBlock } from '@onboarding/ui';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useBrowseNodes } from '@/lib/data/browse-nodes';
import type { SetupFlow } from '@/lib/setup-flow';
import { buildNodeTree, nodesFromRows } from '../utils/node-tree';
import { FlowLoadError } from './error-alert';

interface Props {
  flow: SetupFlow;
  setupId: number;
  /** The per-product list rows carry their nodes: shown from them, without a request. */
  nodesDetails?: readonly SetupNode[] | undefined;
  clientName: string;
  retailerNames: ReadonlyMap<number, string> | undefined;
}

/** A list row's expansion: the setup's browse nodes (children marked "(sub category)"). */
export function SetupBrowseNodes({
  flow,
  setupId,
  nodesDetails,
  clientName,
  retailerNames,
}: Props) {
  const nodes = useBrowseNodes(flow, setupId, nodesDetails === undefined);
  const response = nodesDetails ? nodesFromRows(nodesDetails) : nodes.data;
  if (!response && nodes.isPending) {
    return (
      // Shown from a row's click: a spinner at once would restyle the page within the click.
      <LoadingBlock
        label={`Loading browse nodes of ${clientName}`}
        padding={2}
        size={28}
        delayMs={300}
      />
    );
  }
  if (!response) {
    return <FlowLoadError flow={flow} query={nodes} what="browse nodes" />;
  }

  const tree = buildNodeTree(response);
  const lines = (items: string[]) =>
    items.map((text, i) => (
      <Box key={i} component="span" sx={{ display: 'block' }}>
        {text}
      </Box>
    ));

  return (
    <Table size="small" aria-label={`Browse nodes of ${clientName}`}>
      <TableHead>
        <TableRow>
          <TableCell>Node Id</TableCell>
          <TableCell>Node Path</TableCell>
          <TableCell>Retailer</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {tree.length === 0 ? (
          <TableRow>
            <TableCell colSpan={3}>No browse nodes</TableCell>
          </TableRow>
        ) : null}
        {tree.flatMap(({ retailerId, parents }) =>
          parents.map((parent) => (
            <TableRow key={`${retailerId}-${parent.id}`}>
              <TableCell sx={{ verticalAlign: 'top' }}>
                {lines([String(parent.id), ...parent.children.map((c) => String(c.id))])}
              </TableCell>
              <TableCell sx={{ verticalAlign: 'top' }}>
                {lines([
                  parent.nodePath,
                  ...parent.children.map((c) => `(sub category) ${c.nodePath}`),
                ])}
              </TableCell>
              <TableCell sx={{ verticalAlign: 'top' }}>
                {retailerNames?.get(retailerId) ?? `Retailer ${retailerId}`}
              </TableCell>
            </TableRow>
          )),
        )}
      </TableBody>
    </Table>
  );
}
