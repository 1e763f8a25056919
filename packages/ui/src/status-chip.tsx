import Chip from '@mui/material/Chip';
import type { ReactElement } from 'react';

/** Colour families of a status; every tone keeps text contrast at 4.5:1 or better. */
export type StatusTone = 'grey' | 'lightYellow' | 'yellow' | 'green' | 'red' | 'blue';

const TONES: Record<StatusTone, { bg: string; fg: string }> = {
  grey: { bg: '#e0e0e0', fg: '#212121' },
  lightYellow: { bg: '#fff8c4', fg: '#4a3b00' },
  yellow: { bg: '#f9c74f', fg: '#2b2100' },
  green: { bg: '#2e7d32', fg: '#ffffff' },
  red: { bg: '#c62828', fg: '#ffffff' },
  blue: { bg: '#1565c0', fg: '#ffffff' },
};

export interface StatusChipProps {
  /** The visible text; a status is never told by colour alone. */
  label: string;
  tone: StatusTone;
  /** An icon that also tells the status apart (shape, not only colour). */
  icon?: ReactElement;
  size?: 'small' | 'medium';
}

/** A coloured status badge with an icon and a text label. */
export function StatusChip({ label, tone, icon, size = 'small' }: StatusChipProps) {
  const { bg, fg } = TONES[tone];
  return (
    <Chip
      label={label}
      size={size}
      icon={icon}
      data-tone={tone}
      sx={{
        bgcolor: bg,
        color: fg,
        fontWeight: 600,
        maxWidth: '100%',
        '& .MuiChip-icon': { color: fg },
      }}
    />
  );
}
