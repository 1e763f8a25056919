import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Fragment, useId } from 'react';

/** Every keyboard shortcut of the app, by where it works (docs/requirements.md#keyboard-shortcuts). */
const SHORTCUTS: { where: string; keys: [string[], string][] }[] = [
  {
    where: 'Anywhere',
    keys: [
      [['?'], 'Show this list of shortcuts'],
      [['Ctrl', 'K'], 'Open the command palette (⌘ K on a Mac), in a field too'],
      [['/'], 'On a list: go to its search'],
    ],
  },
  {
    where: 'On the setups list and the failure board',
    keys: [
      [['j'], 'Move to the next row'],
      [['k'], 'Move to the previous row'],
      [['x'], 'Select the row, or unselect it'],
      [['r'], 'Preview a re-trigger of the selected rows'],
      [['f'], 'Preview a Refresh Data of the selected rows'],
    ],
  },
  {
    where: 'In the command palette',
    keys: [
      [['↑', '↓'], 'Move'],
      [['Enter'], 'Open'],
    ],
  },
  {
    where: 'In a dialog, a drawer or a menu',
    keys: [[['Escape'], 'Close it']],
  },
];

const kbdSx = {
  fontFamily: 'monospace',
  border: 1,
  borderColor: 'divider',
  borderRadius: 0.5,
  px: 0.75,
  mr: 0.5,
} as const;

/** The `?` dialog: every shortcut, and when they do nothing. */
export function ShortcutsHelp({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Keyboard shortcuts</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 1 }}>
          Shortcuts do nothing while you type in a field or while a dialog is open, and single keys
          never act with Ctrl, Alt or ⌘.
        </Typography>
        <Table size="small" aria-labelledby={titleId}>
          <TableHead>
            <TableRow>
              <TableCell>Key</TableCell>
              <TableCell>What it does</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {SHORTCUTS.map(({ where, keys }) => (
              <Fragment key={where}>
                <TableRow>
                  <TableCell component="th" scope="colgroup" colSpan={2} sx={{ fontWeight: 600 }}>
                    {where}
                  </TableCell>
                </TableRow>
                {keys.map(([combo, what]) => (
                  <TableRow key={`${where}-${what}`}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {combo.map((key) => (
                        <Typography key={key} component="kbd" variant="body2" sx={kbdSx}>
                          {key}
                        </Typography>
                      ))}
                    </TableCell>
                    <TableCell>{what}</TableCell>
                  </TableRow>
                ))}
              </Fragment>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
