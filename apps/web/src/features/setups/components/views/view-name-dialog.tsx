import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { ViewNameSchema } from '@onboarding/contracts';
import { useCloseOnBackdropLater } from '@onboarding/ui';
import { useId, useState, type FormEvent } from 'react';
import { isSessionEnd } from '@/lib/unauthorized';
import { nameFieldError } from './use-view-writes';

export interface ViewNameDialogProps {
  title: string;
  submitLabel: string;
  initialName?: string;
  /** Offers "pin as default" (a new view). */
  offerPin?: boolean;
  /** Sends the name; a rejection is shown at the field, the dialog and the name kept. */
  onSubmit: (name: string, pinned: boolean) => Promise<unknown>;
  onClose: () => void;
}

/**
 * Names a view (save, rename). The name is checked as the gateway checks it before anything is
 * sent (empty, too long); the gateway's refusals (a duplicate name, 50 views already, an unknown
 * filter) show at the field with the name as typed.
 */
export function ViewNameDialog(props: ViewNameDialogProps) {
  const { title, submitLabel, offerPin = false, onSubmit, onClose } = props;
  const [name, setName] = useState(props.initialName ?? '');
  const [pinned, setPinned] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const close = useCloseOnBackdropLater(true, busy ? undefined : onClose);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const checked = ViewNameSchema.safeParse(name);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? 'Name the view');
      return;
    }
    setBusy(true);
    onSubmit(checked.data, pinned).then(onClose, (err: unknown) => {
      setBusy(false);
      // A session end has its own path (lib/unauthorized.ts): sign-in, saying so.
      if (!isSessionEnd(err)) setError(nameFieldError(err));
    });
  };

  return (
    <Dialog open onClose={close} aria-labelledby={`${id}-title`} maxWidth="xs" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
        <DialogContent>
          <FormControl fullWidth error={error !== null} sx={{ mt: 1 }}>
            <InputLabel htmlFor={`${id}-name`}>Name</InputLabel>
            <OutlinedInput
              id={`${id}-name`}
              label="Name"
              value={name}
              autoFocus
              autoComplete="off"
              onChange={(e) => {
                setName(e.target.value);
                setError(null);
              }}
              inputProps={error === null ? undefined : { 'aria-describedby': `${id}-error` }}
            />
            {error === null ? null : <FormHelperText id={`${id}-error`}>{error}</FormHelperText>}
          </FormControl>
          {offerPin ? (
            <FormControlLabel
              control={<Checkbox checked={pinned} onChange={(e) => setPinned(e.target.checked)} />}
              label="Open this list with it by default"
            />
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
