import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlined from '@mui/icons-material/ErrorOutlined';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useState } from 'react';
import { testStatusMapping, type PathOutcome } from '../utils/status-path';

interface Props {
  requestIdPath: string;
  statusPath: string;
  statusMap: string;
}

function Outcome({ label, outcome }: { label: string; outcome: PathOutcome }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }} component="li">
      {outcome.ok ? (
        <CheckCircleOutlined fontSize="small" color="success" aria-hidden />
      ) : (
        <ErrorOutlined fontSize="small" color="error" aria-hidden />
      )}
      <Typography variant="body2">
        <Box component="span" sx={{ fontWeight: 600 }}>
          {label}:
        </Box>{' '}
        {outcome.ok ? <code>{outcome.value}</code> : outcome.message}
      </Typography>
    </Stack>
  );
}

/**
 * Beyond the spec: try the step's request id path, status path and status map on a sample
 * response before saving, and see which workflow status it maps to.
 */
export function StatusMappingTester({ requestIdPath, statusPath, statusMap }: Props) {
  const [sample, setSample] = useState('');
  const headingId = useId();
  const result = useMemo(
    () => testStatusMapping({ sample, requestIdPath, statusPath, statusMap }),
    [sample, requestIdPath, statusPath, statusMap],
  );

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography id={headingId} component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
        Test the status mapping
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Paste a response of the status call to see what the paths read and which status it maps to.
        Nothing is sent or saved.
      </Typography>
      <TextField
        label="Sample response"
        value={sample}
        onChange={(e) => setSample(e.target.value)}
        multiline
        minRows={3}
        maxRows={12}
        fullWidth
        placeholder='{"data": {"requestId": "r-1", "state": "RUNNING"}}'
        slotProps={{ htmlInput: { spellCheck: false, sx: { fontFamily: 'monospace' } } }}
      />
      <Box aria-live="polite" aria-label="Mapping result" role="status" sx={{ mt: 2 }}>
        {result.sampleError !== undefined ? (
          <Typography variant="body2" color={sample.trim() ? 'error' : 'text.secondary'}>
            {result.sampleError}
          </Typography>
        ) : (
          <Stack component="ul" spacing={0.5} sx={{ m: 0, p: 0, listStyle: 'none' }}>
            {result.requestId ? <Outcome label="Request id" outcome={result.requestId} /> : null}
            {result.status ? <Outcome label="Status" outcome={result.status} /> : null}
            {result.mapped ? <Outcome label="Mapped status" outcome={result.mapped} /> : null}
          </Stack>
        )}
      </Box>
    </Paper>
  );
}
