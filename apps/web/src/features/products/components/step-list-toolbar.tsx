import Add from '@mui/icons-material/Add';
import SwapVert from '@mui/icons-material/SwapVert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { routePath } from '@/lib/routes';

export interface StepListToolbarProps {
  productId: number;
  rearranging: boolean;
  onRearrange: () => void;
  /** Unsaved changes of the list (deleted and moved steps); 0 when it is as saved. */
  changes: number;
  saving: boolean;
  onSave: () => void;
  onDiscard: () => void;
}

/**
 * Add New Step, Rearrange Steps and Save. With unsaved changes Save sits in a highlighted bar
 * saying how many, beside Discard, kept in sight below the app bar on a long list, so a deletion
 * or a new order is never lost unseen (one Save either way, enabled only with changes).
 */
export function StepListToolbar({
  productId,
  rearranging,
  onRearrange,
  changes,
  saving,
  onSave,
  onDiscard,
}: StepListToolbarProps) {
  const changed = changes > 0;
  const rearrange = useRef<HTMLButtonElement>(null);
  return (
    <Stack
      direction="row"
      spacing={2}
      useFlexGap
      sx={{
        mb: 1.5,
        py: 0.5,
        flexWrap: 'wrap',
        alignItems: 'center',
        ...(changed && {
          position: 'sticky',
          top: { xs: 56, sm: 64 },
          zIndex: 2,
          bgcolor: 'background.default',
        }),
      }}
    >
      <Button
        component={Link}
        to={routePath('registerStep', { id: productId })}
        variant="contained"
        startIcon={<Add />}
      >
        Add New Step
      </Button>
      <Button
        ref={rearrange}
        variant={rearranging ? 'contained' : 'outlined'}
        aria-pressed={rearranging}
        startIcon={<SwapVert />}
        onClick={onRearrange}
      >
        Rearrange Steps
      </Button>
      <Box sx={{ flexGrow: 1 }} />
      {/* One element either way, so Save keeps its focus as the bar comes and goes. */}
      <Box
        role={changed ? 'region' : undefined}
        aria-label={changed ? 'Unsaved changes' : undefined}
        sx={
          changed
            ? {
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'center',
                gap: 1,
                pl: 2,
                pr: 0.5,
                py: 0.5,
                // As tall as the buttons beside it, so the list does not jump when it shows.
                my: -0.5,
                border: 1,
                borderColor: 'warning.main',
                borderRadius: 1,
                bgcolor: 'background.paper',
              }
            : { display: 'flex' }
        }
      >
        {changed ? (
          <>
            <Typography variant="body2" role="status" sx={{ fontWeight: 600 }}>
              {changes === 1 ? '1 unsaved change' : `${changes} unsaved changes`}
            </Typography>
            <Button
              onClick={() => {
                onDiscard();
                // Discard leaves with the bar: focus goes to the next likely step, not the page.
                rearrange.current?.focus();
              }}
              disabled={saving}
            >
              Discard
            </Button>
          </>
        ) : null}
        <Button
          variant="contained"
          onClick={onSave}
          disabled={!changed || saving}
          startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          Save
        </Button>
      </Box>
    </Stack>
  );
}
