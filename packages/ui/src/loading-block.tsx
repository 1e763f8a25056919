import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

export interface LoadingBlockProps {
  /** The spinner's accessible name: what is loading. */
  label: string;
  /** Space above and below, in theme spacing units. */
  padding?: number;
  /** The spinner's diameter in px (MUI's default 40 when left out). */
  size?: number;
}

/** A labelled spinner centred in the page's flow, where content is on its way. */
export function LoadingBlock({ label, padding = 3, size }: LoadingBlockProps) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: padding }}>
      <CircularProgress size={size} aria-label={label} />
    </Box>
  );
}
