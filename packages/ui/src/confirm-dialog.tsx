import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useCallback, useEffect, useId, useMemo, useRef, type ReactNode } from 'react';

/**
 * `onConfirm` at most once per opening of a dialog: a double-click lands both clicks before the
 * parent has re-rendered it closed or busy, and each would start the action.
 */
export function useConfirmOnce(open: boolean, onConfirm: () => void): () => void {
  const confirmed = useRef(false);
  useEffect(() => {
    if (open) confirmed.current = false;
  }, [open]);
  return useCallback(() => {
    if (confirmed.current) return;
    confirmed.current = true;
    onConfirm();
  }, [onConfirm]);
}

/** A double-click's second click comes within this of its first (most systems' default). */
const DOUBLE_CLICK_MS = 500;

/**
 * The dialog's `onClose`, minus a backdrop click in the first half second after it opened: the
 * second click of a double-click on the button that opened it lands there and would close it.
 */
export function useCloseOnBackdropLater(
  open: boolean,
  onClose: (() => void) | undefined,
): ((event: object, reason: 'backdropClick' | 'escapeKeyDown') => void) | undefined {
  const openedAt = useRef(0);
  useEffect(() => {
    if (open) openedAt.current = performance.now();
  }, [open]);
  return useMemo(
    () =>
      onClose &&
      ((_event: object, reason: 'backdropClick' | 'escapeKeyDown') => {
        if (reason === 'backdropClick' && performance.now() - openedAt.current < DOUBLE_CLICK_MS)
          return;
        onClose();
      }),
    [onClose],
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Asks the operator to confirm an action. Focus starts on Cancel (the safe choice) and
 * returns to the control that opened the dialog when it closes. Confirm acts once per opening.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const titleId = useId();
  const textId = useId();
  const confirm = useConfirmOnce(open, onConfirm);
  const close = useCloseOnBackdropLater(open, onCancel);
  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId} component="div">
          {message}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} autoFocus>
          {cancelLabel}
        </Button>
        <Button onClick={confirm} variant="contained">
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
