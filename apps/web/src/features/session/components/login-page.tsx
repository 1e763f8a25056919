import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { TextInput } from '@onboarding/ui';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { useExternalNavigation } from '@/lib/browser';
import { RETURN_TO_PARAM, routePath, safeReturnPath } from '@/lib/routes';
import { isSessionEndedState, SESSION_ENDED } from '@/lib/unauthorized';
import { callbackErrorText, SignInCodeUnavailable, signInErrorText } from '../utils/sign-in-errors';

/**
 * The sign-in call (api client, contracts, Zod) is fetched once the operator starts typing. A
 * fetch that fails is a network failure, shown as such on submit.
 */
async function loadSignIn() {
  try {
    return await import('../api/get-auth-url');
  } catch (cause) {
    throw new SignInCodeUnavailable('The sign-in code could not be loaded', { cause });
  }
}

/** Fetches the sign-in code ahead; a failure waits for the submit, which tries again. */
function prefetchSignIn() {
  loadSignIn().catch(() => undefined);
}

export function LoginPage() {
  const [searchParams] = useSearchParams();
  const sessionEnded = isSessionEndedState(useLocation().state);
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const external = useExternalNavigation();
  const [leaving, setLeaving] = useState(false);
  const [preparing, setPreparing] = useState(false);
  const [loadError, setLoadError] = useState<unknown>(null);

  const signIn = useMutation({
    mutationFn: async (input: { email: string; currentUrl: string }) => {
      const { getAuthUrl } = await loadSignIn();
      return getAuthUrl(input);
    },
    onSuccess: (address) => {
      setLeaving(true);
      external.assign(address);
    },
  });

  const returnTo = safeReturnPath(searchParams.get(RETURN_TO_PARAM)) ?? routePath('remOmniSeeAll');
  const callbackError = callbackErrorText(searchParams.get('error'));
  const failure = loadError ?? (signIn.isError ? signIn.error : null);
  const banner = failure ? signInErrorText(failure) : callbackError;
  const busy = preparing || signIn.isPending || leaving;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setLoadError(null);
    setPreparing(true);
    let code: Awaited<ReturnType<typeof loadSignIn>>;
    try {
      code = await loadSignIn();
    } catch (error) {
      signIn.reset();
      setLoadError(error);
      return;
    } finally {
      setPreparing(false);
    }
    const problem = code.loginEmailError(email);
    setEmailError(problem);
    if (problem) return;
    signIn.mutate({ currentUrl: returnTo, email: email.trim() });
  };

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        bgcolor: 'background.default',
        p: 2,
      }}
    >
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 420, p: 4 }}>
        <Typography component="h1" variant="h1" gutterBottom>
          Sign in to your account
        </Typography>
        {banner ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {banner}
          </Alert>
        ) : sessionEnded ? (
          <Alert severity="info" sx={{ mb: 2 }}>
            {SESSION_ENDED}
          </Alert>
        ) : null}
        <Box component="form" onSubmit={(e) => void submit(e)} sx={{ display: 'grid', gap: 2 }}>
          <TextInput
            label="Your email"
            placeholder="name@company.com"
            type="email"
            autoComplete="email"
            value={email}
            onFocus={prefetchSignIn}
            onChange={(e) => {
              setEmail(e.target.value);
              if (emailError) setEmailError(null);
            }}
            error={emailError}
          />
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            {busy ? 'Signing in...' : 'Sign in'}
          </Button>
        </Box>
      </Paper>
    </Box>
  );
}
