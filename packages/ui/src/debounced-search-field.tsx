import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useEffect, useRef, useState } from 'react';

export interface DebouncedSearchFieldProps {
  /** The committed search text (e.g. from the URL). */
  value: string;
  /** Called with the text once typing has paused for `delayMs`. */
  onSearch: (text: string) => void;
  placeholder: string;
  /** Accessible name; defaults to the placeholder. */
  label?: string;
  delayMs?: number;
}

/** A search box that reports its text only after the operator stops typing. */
export function DebouncedSearchField({
  value,
  onSearch,
  placeholder,
  label,
  delayMs = 500,
}: DebouncedSearchFieldProps) {
  const [text, setText] = useState(value);
  const [lastValue, setLastValue] = useState(value);
  const onSearchRef = useRef(onSearch);
  const committed = useRef(value);

  useEffect(() => {
    onSearchRef.current = onSearch;
  }, [onSearch]);

  // A new committed value from outside (back button, link) replaces what is typed.
  if (value !== lastValue) {
    setLastValue(value);
    setText(value);
  }

  useEffect(() => {
    committed.current = value;
  }, [value]);

  useEffect(() => {
    if (text === committed.current) return;
    const timer = setTimeout(() => {
      committed.current = text;
      onSearchRef.current(text);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs]);

  // A bare outlined input rather than TextField: TextField brings Select (and Menu) along.
  return (
    <OutlinedInput
      type="search"
      size="small"
      value={text}
      placeholder={placeholder}
      onChange={(e) => setText(e.target.value)}
      inputProps={{ 'aria-label': label ?? placeholder }}
      startAdornment={
        <InputAdornment position="start">
          <SearchIcon fontSize="small" />
        </InputAdornment>
      }
    />
  );
}
