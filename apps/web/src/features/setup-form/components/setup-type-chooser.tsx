import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export interface SetupTypeChooserProps {
  prospectPath: string;
  clientPath: string;
  /** Under the heading: what the setup belongs to (a product's name). */
  headingNote?: ReactNode;
}

/** The New Setup chooser: a setup for a prospect or for an existing client. */
export function SetupTypeChooser({ prospectPath, clientPath, headingNote }: SetupTypeChooserProps) {
  const choices = [
    {
      to: prospectPath,
      title: 'Prospect',
      text: 'A new client: register the account name and region, then its setup.',
    },
    {
      to: clientPath,
      title: 'Existing Client',
      text: 'A client we already serve: pick it from the list of existing clients.',
    },
  ];
  return (
    <>
      <Typography component="h1" variant="h1" sx={{ mb: 1 }}>
        Add New Setup
      </Typography>
      {headingNote}
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Who is the setup for?
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {choices.map((c) => (
          <Card key={c.title} variant="outlined" sx={{ flex: 1, maxWidth: 360 }}>
            <CardActionArea component={Link} to={c.to} sx={{ height: '100%' }}>
              <CardContent>
                <Typography component="h2" variant="h2" gutterBottom>
                  {c.title}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {c.text}
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </Stack>
    </>
  );
}
