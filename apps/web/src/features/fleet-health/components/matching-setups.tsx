import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { stepLabel, type FlowHealth } from '@onboarding/contracts';
import { LoadError, PageOutOfRange, Pager } from '@onboarding/ui';
import type { Ref } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { MATCHING_PAGE_SIZE, useFleetMatching } from '@/lib/data/fleet-matching';
import {
  countedSetups,
  describeSelection,
  failedStepOf,
  matchingSelection,
  type Selection,
} from '../utils/selection';
import { MatchingSetupsTable } from './matching-setups-table';

interface Props {
  productId: number | null;
  metrics: FlowHealth;
  /** When the snapshot was taken: a newer one asks for the page's rows again. */
  takenAt: string | null;
  selection: Selection;
  page: number;
  onPage: (page: number) => void;
  onClose: () => void;
  details: (setupId: number) => string;
  failureBoard: (step: string) => string;
  headingRef: Ref<HTMLHeadingElement>;
}

/**
 * The setups behind the chosen bar or cell, 20 a page, each with its retailers and forecast: the
 * gateway names them from the snapshot (fleet.matching), a page at a time.
 */
export function MatchingSetups({
  productId,
  metrics,
  takenAt,
  selection,
  page,
  onPage,
  onClose,
  details,
  failureBoard,
  headingRef,
}: Props) {
  const rows = useFleetMatching(productId, matchingSelection(selection), page, takenAt);
  const total = rows.data?.total ?? countedSetups(selection, metrics);
  const pageCount = Math.ceil((total ?? 0) / MATCHING_PAGE_SIZE);
  const failedStep = failedStepOf(selection);
  const what = describeSelection(selection, metrics);

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="matching-setups-heading"
      sx={{ p: 2, mb: 2 }}
    >
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography
          id="matching-setups-heading"
          component="h2"
          variant="h2"
          tabIndex={-1}
          ref={headingRef}
          sx={{ flexGrow: 1, outline: 'none' }}
        >
          Matching setups
        </Typography>
        <Button onClick={onClose}>Close</Button>
      </Stack>
      <Typography sx={{ mb: 1 }} role="status">
        {what}
        {total === undefined ? '' : `: ${total} ${total === 1 ? 'setup' : 'setups'}`}
        {pageCount > 1 ? ` · page ${Math.min(page, pageCount)} of ${pageCount}` : ''}
      </Typography>
      {failedStep !== null && (
        <Typography variant="body2" sx={{ mb: 1 }}>
          <Link component={RouterLink} to={failureBoard(failedStep)}>
            Open the {stepLabel(failedStep)} group on the failure board
          </Link>
        </Typography>
      )}
      {rows.isError && !rows.data ? (
        <LoadError
          message={`The setups could not be loaded: ${rows.error.message}`}
          onRetry={() => void rows.refetch()}
          retrying={rows.isFetching}
        />
      ) : total === 0 ? (
        <Typography>No setup matches this in the current snapshot.</Typography>
      ) : total !== undefined && page > pageCount ? (
        <PageOutOfRange page={page} lastPage={pageCount} onChange={onPage} />
      ) : (
        <Box>
          {rows.isFetching && <LinearProgress aria-label="Loading the setups" sx={{ mb: 1 }} />}
          <MatchingSetupsTable
            setups={rows.data?.setups ?? []}
            loading={rows.data === undefined || rows.isPlaceholderData}
            details={details}
          />
          <Box sx={{ mt: 1 }}>
            <Pager
              page={page}
              pageCount={pageCount}
              onChange={onPage}
              label="Matching setups pages"
            />
          </Box>
        </Box>
      )}
    </Paper>
  );
}
