import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId, type ChangeEvent, type FocusEvent } from 'react';

export interface TextInputProps {
  label: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onFocus?: (event: FocusEvent<HTMLInputElement>) => void;
  type?: 'text' | 'email' | 'search';
  placeholder?: string;
  autoComplete?: string;
  /** Shown under the field in red, and read with it. */
  error?: string | null;
  fullWidth?: boolean;
}

/**
 * An outlined text field with a floating label and an error line: what TextField draws, without
 * the Select (and Menu, List, Popover) TextField always brings along.
 */
export function TextInput({
  label,
  value,
  onChange,
  onFocus,
  type = 'text',
  placeholder,
  autoComplete,
  error,
  fullWidth = true,
}: TextInputProps) {
  const id = useId();
  const helperId = `${id}-helper`;
  const invalid = error != null && error !== '';
  return (
    <FormControl variant="outlined" fullWidth={fullWidth} error={invalid}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        type={type}
        label={label}
        value={value}
        placeholder={placeholder}
        autoComplete={autoComplete}
        onChange={onChange}
        onFocus={onFocus}
        inputProps={invalid ? { 'aria-describedby': helperId } : undefined}
      />
      {invalid ? <FormHelperText id={helperId}>{error}</FormHelperText> : null}
    </FormControl>
  );
}
