import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import TextField from '@mui/material/TextField';
import { ThemeProvider } from '@mui/material/styles';
import { createAppTheme } from '../src/theme.js';

// The theme keys the read-only look on the input itself (readonly attribute, or MUI's
// Mui-readOnly class when the field is given readOnly): jsdom computes both from the styles.
function fieldLook(name: string): { background: string; cursor: string; color: string } {
  const input = screen.getByRole('textbox', { name });
  const root = input.closest('.MuiInputBase-root');
  if (!(root instanceof HTMLElement)) throw new Error(`no input root around ${name}`);
  return {
    background: getComputedStyle(root).backgroundColor,
    cursor: getComputedStyle(input).cursor,
    color: getComputedStyle(input).color,
  };
}

describe('Theme: read-only fields', () => {
  it('shows a read-only field grey, without a text cursor, its text at full contrast, unlike a disabled one', () => {
    const theme = createAppTheme();
    render(
      <ThemeProvider theme={theme}>
        <TextField label="Client" value="Acme" slotProps={{ htmlInput: { readOnly: true } }} />
        <TextField label="Status" value="Completed" slotProps={{ input: { readOnly: true } }} />
        <TextField label="Retired" value="Acme" disabled />
        <TextField label="Notes" value="Acme" onChange={() => undefined} />
      </ThemeProvider>,
    );
    const readOnlyLook = {
      background: theme.palette.action.hover,
      cursor: 'default',
      color: theme.palette.text.primary,
    };
    expect(fieldLook('Client')).toEqual(readOnlyLook);
    expect(fieldLook('Status')).toEqual(readOnlyLook);

    const disabled = fieldLook('Retired');
    expect(disabled.background).not.toBe(readOnlyLook.background);
    expect(disabled.color).not.toBe(theme.palette.text.primary);
    const editable = fieldLook('Notes');
    expect(editable.background).not.toBe(readOnlyLook.background);
    expect(editable.cursor).not.toBe('default');
  });
});
