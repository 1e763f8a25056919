import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { LegacySetup } from '@onboarding/contracts';
import { moduleLabel } from '../utils/display';

/** A setup's modules and their regions (the expanded row). */
export function ModulesSummary({ setup }: { setup: LegacySetup }) {
  if (setup.modules.length === 0) {
    return <Typography variant="body2">No modules</Typography>;
  }
  return (
    <Table size="small" aria-label={`Modules of ${setup.clientName}`}>
      <TableHead>
        <TableRow>
          <TableCell>Module</TableCell>
          <TableCell>Regions</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {setup.modules.map((m) => (
          <TableRow key={m.id}>
            <TableCell>{moduleLabel(m)}</TableCell>
            <TableCell>{m.regions.length ? m.regions.join(', ') : '-'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
