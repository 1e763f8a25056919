import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { loginEmailError } from '@onboarding/contracts';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useExternalNavigation } from '@/lib/browser';
import { RETURN_TO_PARAM, routePath, safeReturnPath } from '@/lib/routes';
import { callbackErrorText, signInErrorText, useGetAuthUrl } from '../api/get-auth-url';

export function LoginPage() {
  const [searchParams] = useSearchParams();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const external = useExternalNavigation();
  const signIn = useGetAuthUrl();
  const [leaving, setLeaving] = useState(false);

  const returnTo = safeReturnPath(searchParams.get(RETURN_TO_PARAM)) ?? routePath('remOmniSeeAll');
  const callbackError = callbackErrorText(searchParams.get('error'));
  const banner = signIn.isError ? signInErrorText(signIn.error) : callbackError;
  const busy = signIn.isPending || leaving;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = loginEmailError(email);
    setEmailError(problem);
    if (problem) return;
    signIn.mutate(
      { currentUrl: returnTo, email: email.trim() },
      {
        onSuccess: (address) => {
          setLeaving(true);
          external.assign(address);
        },
      },
    );
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
        <Box component="form" onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
          <TextField
            id="login-email"
            label="Your email"
            placeholder="name@company.com"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              if (emailError) setEmailError(null);
            }}
            error={emailError !== null}
            helperText={emailError ?? ' '}
            fullWidth
          />
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            {busy ? 'Signing in...' : 'Sign in'}
          </Button>
        </Box>
      </Paper>
    </Box>
  );
}
