import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Typography from '@mui/material/Typography';
import { LoadingBlock } from '@onboarding/ui';
import { useBrowseNodes } from '@/lib/data/browse-nodes';
import type { SetupFlow } from '@/lib/setup-flow';
import { buildNodeTree } from '../utils/node-tree';
import { FlowLoadError } from './error-alert';

/** The details page's Browse Nodes: a card per retailer, its parent nodes and their children. */
export function BrowseNodeCards({
  flow,
  setupId,
  retailerNames,
}: {
  flow: SetupFlow;
  setupId: number;
  retailerNames: ReadonlyMap<number, string> | undefined;
}) {
  const nodes = useBrowseNodes(flow, setupId);
  if (nodes.isPending) return <LoadingBlock label="Loading browse nodes" />;
  if (nodes.isError) {
    return <FlowLoadError flow={flow} query={nodes} what="browse nodes" />;
  }
  const tree = buildNodeTree(nodes.data);
  if (tree.length === 0) return <Typography color="text.secondary">No browse nodes</Typography>;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { md: 'repeat(2, 1fr)' } }}>
      {tree.map(({ retailerId, parents }) => {
        const name = retailerNames?.get(retailerId) ?? `Retailer ${retailerId}`;
        return (
          <Card key={retailerId} variant="outlined" component="article" aria-label={name}>
            <CardHeader title={name} slotProps={{ title: { component: 'h3', variant: 'h3' } }} />
            <CardContent sx={{ pt: 0 }}>
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {parents.map((p) => (
                  <li key={p.id}>
                    <Typography component="span" sx={{ fontWeight: 600 }}>
                      {p.nodePath}
                    </Typography>{' '}
                    <Typography component="span" variant="body2" color="text.secondary">
                      ({p.id})
                    </Typography>
                    {p.children.length > 0 ? (
                      <Box component="ul" sx={{ pl: 2.5 }}>
                        {p.children.map((c) => (
                          <li key={c.id}>
                            {c.nodePath}{' '}
                            <Typography component="span" variant="body2" color="text.secondary">
                              ({c.id})
                            </Typography>
                          </li>
                        ))}
                      </Box>
                    ) : null}
                  </li>
                ))}
              </Box>
            </CardContent>
          </Card>
        );
      })}
    </Box>
  );
}
