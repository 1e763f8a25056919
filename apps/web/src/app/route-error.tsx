import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@onboarding/contracts';
import { lazy, Suspense } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';

/** What a screen shows when it could not be loaded at all (e.g. its code failed to download). */
export function RouteError() {
  return (
    <Box sx={{ p: 3 }}>
      <Typography role="alert" color="error">
        {MESSAGES.listLoadFailed}
      </Typography>
    </Box>
  );
}

/** Loaded only when shown, as for an unknown address. */
const NotFound = lazy(() =>
  import('./not-found').then(({ NotFoundPage }) => ({ default: NotFoundPage })),
);

/**
 * A screen route's error, inside the shell: not-found for an address whose id names nothing (the
 * router's 404 for a bad id), else what `RouteError` says.
 */
export function ScreenError() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error) || error.status !== 404) return <RouteError />;
  return (
    <Suspense fallback={null}>
      <NotFound />
    </Suspense>
  );
}
