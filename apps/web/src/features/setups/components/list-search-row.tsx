import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { SEARCH_DEBOUNCE_MS } from '@onboarding/contracts';
import { DebouncedSearchField } from '@onboarding/ui';
import { Link } from 'react-router-dom';
import type { SetupFlow } from '@/lib/setup-flow';

/** The setups list's search row: the client search, the ML/CL legend and Add New Setup. */
export function ListSearchRow({
  flow,
  search,
  onSearch,
}: {
  flow: SetupFlow;
  search: string;
  onSearch: (text: string) => void;
}) {
  return (
    <Stack
      direction="row"
      spacing={2}
      sx={{ mb: 2, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
    >
      <DebouncedSearchField
        value={search}
        onSearch={onSearch}
        placeholder="Search client name"
        delayMs={SEARCH_DEBOUNCE_MS}
      />
      <Stack direction="row" spacing={3} sx={{ alignItems: 'center' }}>
        <Box
          aria-label="Legend"
          component="ul"
          sx={{ listStyle: 'none', m: 0, p: 0, fontSize: '0.875rem' }}
        >
          <li>ML - Marketshare Lite</li>
          <li>CL - Category Leaderboard</li>
        </Box>
        <Button component={Link} to={flow.routes.addNew()} variant="contained" startIcon={<Add />}>
          Add New Setup
        </Button>
      </Stack>
    </Stack>
  );
}
