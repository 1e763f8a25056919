import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { stepLabel, type FleetSetup, type FleetSetups } from '@onboarding/contracts';
import { DataTable, type DataTableColumn } from '@onboarding/ui';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { forecastText, slowText } from '../utils/forecast-words';
import { statusWords } from '../utils/status-words';

interface Props {
  /** The page's setup ids, in order. */
  ids: readonly number[];
  /** fleet.setups' answer: for these ids, or (while they load) for the page shown before. */
  answer: FleetSetups | undefined;
  /** The answer is for these ids (not the previous page's, kept while they load). */
  settled: boolean;
  details: (setupId: number) => string;
}

type Row = { setupId: number; setup: FleetSetup | null; missing: boolean };

const retailerLine = (r: FleetSetup['rows'][number]) =>
  `${r.retailerName ?? `Retailer ${r.retailerId}`}: ${statusWords(r.status)}${
    r.stepName ? ` · ${stepLabel(r.stepName)}` : ''
  }`;

const columns: (details: Props['details']) => DataTableColumn<Row>[] = (details) => [
  {
    id: 'client',
    header: 'Client',
    render: ({ setupId, setup }) => (
      <>
        <Link component={RouterLink} to={details(setupId)}>
          {setup?.clientName ?? `Setup ${setupId}`}
        </Link>
        <Typography variant="body2" color="text.secondary">
          Setup {setupId}
        </Typography>
      </>
    ),
  },
  {
    id: 'retailers',
    header: 'Retailers',
    render: ({ setup, missing }) =>
      setup ? (
        setup.rows.map((r) => (
          <Typography key={r.retailerId} variant="body2">
            {retailerLine(r)}
          </Typography>
        ))
      ) : (
        <Typography variant="body2" color="text.secondary">
          {missing ? 'Not in the snapshot any more' : 'Loading…'}
        </Typography>
      ),
  },
  {
    id: 'forecast',
    header: 'Forecast',
    render: ({ setup }) =>
      setup ? (
        <>
          <Typography variant="body2">{forecastText(setup.forecast)}</Typography>
          {slowText(setup.forecast) && (
            <Typography variant="body2" color="warning.dark">
              {slowText(setup.forecast)}
            </Typography>
          )}
        </>
      ) : null,
  },
];

/** A page of matching setups: client (to its details), each retailer's status and step, forecast. */
export function MatchingSetupsTable({ ids, answer, settled, details }: Props) {
  const rows = useMemo(() => {
    const held = new Map(answer?.setups.map((s) => [s.setupId, s]));
    const missing = new Set(settled ? answer?.missing : []);
    return ids.map((setupId) => ({
      setupId,
      setup: held.get(setupId) ?? null,
      missing: missing.has(setupId),
    }));
  }, [ids, answer, settled]);
  const cols = useMemo(() => columns(details), [details]);
  return (
    <DataTable
      label="Matching setups"
      columns={cols}
      rows={rows}
      getRowId={(row) => String(row.setupId)}
      size="small"
      minWidth={560}
    />
  );
}
