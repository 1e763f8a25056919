import { createTheme, type Theme } from '@mui/material/styles';

/** The console's look: a calm blue primary, compact tables, readable contrast everywhere. */
export function createAppTheme(): Theme {
  return createTheme({
    palette: {
      primary: { main: '#1f4e9c' },
      secondary: { main: '#5c6b80' },
      background: { default: '#f4f6fa' },
    },
    shape: { borderRadius: 6 },
    typography: {
      fontFamily:
        'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      h1: { fontSize: '1.6rem', fontWeight: 600 },
      h2: { fontSize: '1.25rem', fontWeight: 600 },
      h3: { fontSize: '1.05rem', fontWeight: 600 },
    },
    components: {
      MuiButton: {
        defaultProps: { disableElevation: true },
        // Button texts are the spec's words as written ("Sign in", "Add New Setup"), on one
        // line: in a narrow row the row wraps, not the label ("Add New / Setup").
        styleOverrides: { root: { textTransform: 'none', whiteSpace: 'nowrap' } },
      },
      MuiTableCell: { styleOverrides: { head: { fontWeight: 600 } } },
      // A read-only field looks it (grey, a dashed outline, no text cursor) and keeps its
      // text at full contrast, unlike a disabled one: it is read, just not edited.
      MuiInputBase: {
        styleOverrides: {
          root: ({ theme }) => ({
            '&.Mui-readOnly, &:has(> input[readonly]), &:has(> textarea[readonly]), &:has(> [aria-readonly="true"])':
              {
                backgroundColor: theme.palette.action.hover,
                '& input, & textarea, & .MuiSelect-select': { cursor: 'default' },
                '& .MuiOutlinedInput-notchedOutline': { borderStyle: 'dashed' },
              },
          }),
        },
      },
      // On a phone a dialog keeps 16 px of the page around it, not MUI's 32 (a quarter of it).
      MuiDialog: {
        styleOverrides: {
          paper: {
            '@media (max-width: 599.95px)': {
              margin: 16,
              maxWidth: 'calc(100% - 32px)',
              '&.MuiDialog-paperFullWidth': { width: 'calc(100% - 32px)' },
            },
          },
        },
      },
    },
  });
}
