import Typography from '@mui/material/Typography';

export function App() {
  return <Typography variant="h5">Onboarding Console</Typography>;
}
