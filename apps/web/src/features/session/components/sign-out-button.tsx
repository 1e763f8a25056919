import Button from '@mui/material/Button';
import { useToast } from '@onboarding/ui';
import { MESSAGES } from '@onboarding/contracts';
import { useLogout } from '../api/logout';

/** App bar action: sign out, then continue at the identity provider's sign-out address. */
export function SignOutButton() {
  const logout = useLogout();
  const toast = useToast();
  return (
    <Button
      color="inherit"
      variant="outlined"
      size="small"
      disabled={logout.isPending || logout.isSuccess}
      onClick={() =>
        logout.mutate(undefined, {
          onError: () => toast.show({ message: MESSAGES.actionFailed, severity: 'error' }),
        })
      }
    >
      Sign out
    </Button>
  );
}
