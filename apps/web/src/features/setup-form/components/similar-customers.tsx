import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { OPTION_SEARCH_DEBOUNCE_MS } from '@onboarding/contracts';
import { memo, useId, useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { SetupFlow } from '@/lib/setup-flow';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useNameCandidates } from '../api/name-candidates';
import { similarNames, type NameCandidate, type SimilarName } from '../utils/similar-names';

export interface SimilarCustomersProps {
  flow: SetupFlow;
  /** The account name as typed. */
  typed: string;
  onUseClient: (client: NameCandidate) => void;
  disabled?: boolean;
}

function countText(count: number): string {
  return count === 1 ? '1 similar customer' : `${count} similar customers`;
}

/**
 * Existing clients and prospects whose name is like the one typed
 * (docs/requirements.md#setup-form-similar-names), 200 ms after typing stops. The count sits in
 * a polite live region, present (empty) from the start so that screen readers hear it change.
 */
export const SimilarCustomers = memo(function SimilarCustomers({
  flow,
  typed,
  onUseClient,
  disabled,
}: SimilarCustomersProps) {
  const headingId = useId();
  const candidates = useNameCandidates(flow);
  const settled = useDebouncedValue(typed, OPTION_SEARCH_DEBOUNCE_MS);
  const matches = useMemo(() => similarNames(settled, candidates), [settled, candidates]);
  const count = matches.length;
  return (
    <Box
      sx={
        count > 0 ? { border: 1, borderColor: 'warning.main', borderRadius: 1, px: 2, py: 1 } : {}
      }
    >
      <Typography id={headingId} role="status" variant="body2" sx={{ fontWeight: 600 }}>
        {count > 0 ? countText(count) : ''}
      </Typography>
      {count > 0 ? (
        <Box component="ul" aria-labelledby={headingId} sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {matches.map((match) => (
            <Match
              key={`${match.kind}:${match.clientId}`}
              match={match}
              flow={flow}
              onUseClient={onUseClient}
              disabled={disabled}
            />
          ))}
        </Box>
      ) : null}
    </Box>
  );
});

function Match({
  match,
  flow,
  onUseClient,
  disabled,
}: {
  match: SimilarName;
  flow: SetupFlow;
  onUseClient: (client: NameCandidate) => void;
  disabled: boolean | undefined;
}) {
  const nameId = useId();
  return (
    <Box
      component="li"
      sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', py: 0.5 }}
    >
      <Typography id={nameId} component="span" variant="body2">
        {match.name}
      </Typography>
      <Chip size="small" variant="outlined" label={match.kind} />
      {match.kind === 'client' ? (
        <Button
          size="small"
          onClick={() => onUseClient(match)}
          aria-describedby={nameId}
          disabled={disabled}
        >
          use existing client
        </Button>
      ) : (
        <Link
          component={RouterLink}
          to={flow.routes.list(match.name)}
          aria-describedby={nameId}
          variant="body2"
        >
          Open its setups
        </Link>
      )}
    </Box>
  );
}
