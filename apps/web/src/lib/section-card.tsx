import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import type { ReactNode } from 'react';

export interface SectionCardProps {
  /** The section's heading (an h2) and its accessible name. */
  title: string;
  /** Shown at the end of the heading's line. */
  action?: ReactNode;
  children: ReactNode;
}

/**
 * A page section in an outlined card: a region named by its h2 heading. Generic, but kept out of
 * the packages/ui barrel: there its Card parts moved up the shared mui chunk the setups list loads.
 */
export function SectionCard({ title, action, children }: SectionCardProps) {
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardHeader
        title={title}
        action={action}
        slotProps={{ title: { component: 'h2', variant: 'h2' } }}
        // A narrow card puts the action under the heading rather than cut it off at the edge.
        sx={{ flexWrap: 'wrap', gap: 1, '& .MuiCardHeader-action': { alignSelf: 'center', m: 0 } }}
      />
      <CardContent sx={{ pt: 0 }}>{children}</CardContent>
    </Card>
  );
}
