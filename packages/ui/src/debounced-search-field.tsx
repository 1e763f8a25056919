import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useEffect, useRef, useState } from 'react';
import { isTypingTarget } from './keyboard-shortcuts.js';

export interface DebouncedSearchFieldProps {
  /** The committed search text (e.g. from the URL). */
  value: string;
  /** Called with the text once typing has paused for `delayMs`. */
  onSearch: (text: string) => void;
  placeholder: string;
  /** Accessible name; defaults to the placeholder. */
  label?: string;
  delayMs?: number;
  /** `/` anywhere outside a field focuses this search (one list search per screen). */
  slashFocus?: boolean;
}

/** A search box that reports its text only after the operator stops typing. */
export function DebouncedSearchField({
  value,
  onSearch,
  placeholder,
  label,
  delayMs = 500,
  slashFocus = true,
}: DebouncedSearchFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!slashFocus) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey || isTypingTarget(e.target)) return;
      // A dialog over the list keeps the key.
      if (document.querySelector('[role="dialog"]')) return;
      e.preventDefault();
      inputRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [slashFocus]);
  const [text, setText] = useState(value);
  const onSearchRef = useRef(onSearch);
  const committed = useRef(value);
  // The text last reported, until it comes back as `value`. A ref, so the debounce timer never
  // updates state by itself (a screen the operator has left sees no update).
  const reported = useRef<string | null>(null);

  useEffect(() => {
    onSearchRef.current = onSearch;
  }, [onSearch]);

  // A new committed value from outside (back button, link) replaces what is typed; the echo of
  // our own report does not, so what was typed while that search loaded stays.
  useEffect(() => {
    committed.current = value;
    const echo = value === reported.current;
    reported.current = null;
    if (!echo) setText(value);
  }, [value]);

  useEffect(() => {
    if (text === committed.current) return;
    const timer = setTimeout(() => {
      committed.current = text;
      reported.current = text;
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
      inputRef={inputRef}
      inputProps={{
        'aria-label': label ?? placeholder,
        'aria-keyshortcuts': slashFocus ? '/' : undefined,
      }}
      startAdornment={
        <InputAdornment position="start">
          <SearchIcon fontSize="small" />
        </InputAdornment>
      }
    />
  );
}
