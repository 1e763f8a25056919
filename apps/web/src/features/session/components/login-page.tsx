import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { TextInput } from '@onboarding/ui';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useExternalNavigation } from '@/lib/browser';
import { RETURN_TO_PARAM, routePath, safeReturnPath } from '@/lib/routes';
import { callbackErrorText, signInErrorText } from '../utils/sign-in-errors';

// The sign-in call (api client, contracts, Zod) is fetched once the operator starts typing.
const loadSignIn = () => import('../api/get-auth-url');

export function LoginPage() {
  const [searchParams] = useSearchParams();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const external = useExternalNavigation();
  const [leaving, setLeaving] = useState(false);

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
  const banner = signIn.isError ? signInErrorText(signIn.error) : callbackError;
  const busy = signIn.isPending || leaving;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const { loginEmailError } = await loadSignIn();
    const problem = loginEmailError(email);
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
        ) : null}
        <Box component="form" onSubmit={(e) => void submit(e)} sx={{ display: 'grid', gap: 2 }}>
          <TextInput
            label="Your email"
            placeholder="name@company.com"
            type="email"
            autoComplete="email"
            value={email}
            onFocus={() => void loadSignIn()}
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
