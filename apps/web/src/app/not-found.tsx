import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';
import { useScreenTitle } from '@/lib/document-title';
import { routePath } from '@/lib/routes';

/** Any path the route table does not know. */
export function NotFoundPage() {
  // Also shown at a screen's own address with a bad id: the tab says not found, not the screen.
  useScreenTitle('Page not found');
  return (
    <Paper variant="outlined" sx={{ p: 4 }}>
      <Typography component="h1" variant="h1" gutterBottom>
        Page not found
      </Typography>
      <Typography sx={{ mb: 2 }}>There is no screen at this address.</Typography>
      <Button component={Link} to={routePath('remOmniSeeAll')} variant="contained">
        Go to Setups
      </Button>
    </Paper>
  );
}

export { NotFoundPage as Component };
