import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface PlaceholderScreenProps {
  title: string;
  children?: ReactNode;
}

/** A screen whose content is not there yet: its title and a short note. */
export function PlaceholderScreen({ title, children }: PlaceholderScreenProps) {
  return (
    <Paper variant="outlined" sx={{ p: 4 }}>
      <Typography component="h1" variant="h1" gutterBottom>
        {title}
      </Typography>
      {children ? <Typography color="text.secondary">{children}</Typography> : null}
    </Paper>
  );
}
