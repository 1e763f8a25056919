import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTheme } from '@mui/material/styles';
import { useEffect, useState } from 'react';

export interface LoadingBlockProps {
  /** The spinner's accessible name: what is loading. */
  label: string;
  /** Space above and below, in theme spacing units. */
  padding?: number;
  /** The spinner's diameter in px (MUI's default 40 when left out). */
  size?: number;
  /**
   * Shows the spinner only once loading has taken this long (ms), its space kept meanwhile: a
   * load that answers sooner flashes nothing, and a click that opens it adds no styles to the
   * page (a spinner's first styles restyle every element on it).
   */
  delayMs?: number;
}

/** A labelled spinner centred in the page's flow, where content is on its way. */
export function LoadingBlock({ label, padding = 3, size = 40, delayMs = 0 }: LoadingBlockProps) {
  const theme = useTheme();
  const [shown, setShown] = useState(delayMs <= 0);
  useEffect(() => {
    if (shown) return;
    const id = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(id);
  }, [shown, delayMs]);
  if (!shown) {
    // Inline: a class of its own would be added to the page as it shows.
    return <div aria-busy style={{ height: `calc(${size}px + ${theme.spacing(padding * 2)})` }} />;
  }
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: padding }}>
      <CircularProgress size={size} aria-label={label} />
    </Box>
  );
}
