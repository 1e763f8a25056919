import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

interface Props {
  count: number;
  /** What is counted, said to screen readers before the count: `STI, Failed`. */
  what: string;
  /** The visible text (`3 failed`), said after `what`; the count and its noun by default. */
  text?: string;
  /** What the count counts, in the singular (`setup` by default; plural with an s). */
  noun?: string;
  selected: boolean;
  onOpen: () => void;
}

/**
 * A table cell's count that opens its setups in the Matching setups panel; pressed while they
 * are the panel's. A count of none opens nothing.
 */
export function CountButton({ count, what, text, noun = 'setup', selected, onOpen }: Props) {
  const shown = text ?? String(count);
  if (count === 0) return <Typography variant="body2">{shown}</Typography>;
  return (
    <Button
      size="small"
      variant={selected ? 'contained' : 'text'}
      aria-pressed={selected}
      aria-label={`${what}: ${text ?? `${count} ${count === 1 ? noun : `${noun}s`}`}`}
      onClick={onOpen}
      sx={{ minWidth: 40, px: 1 }}
    >
      {shown}
    </Button>
  );
}
