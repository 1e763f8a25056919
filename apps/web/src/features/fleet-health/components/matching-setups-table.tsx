import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { stepLabel, type FleetSetup } from '@onboarding/contracts';
import { DataTable, type DataTableColumn } from '@onboarding/ui';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { forecastText, slowText } from '../utils/forecast-words';
import { statusWords } from '../utils/status-words';

interface Props {
  /** fleet.matching's page: for the page shown, or (while it loads) the page shown before. */
  setups: readonly FleetSetup[];
  /** The page shown is loading: the table says it is busy. */
  loading: boolean;
  details: (setupId: number) => string;
}

const retailerLine = (r: FleetSetup['rows'][number]) =>
  `${r.retailerName ?? `Retailer ${r.retailerId}`}: ${statusWords(r.status)}${
    r.stepName ? ` · ${stepLabel(r.stepName)}` : ''
  }`;

const columns: (details: Props['details']) => DataTableColumn<FleetSetup>[] = (details) => [
  {
    id: 'client',
    header: 'Client',
    render: ({ setupId, clientName }) => (
      <>
        <Link component={RouterLink} to={details(setupId)}>
          {clientName}
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
    render: (setup) =>
      setup.rows.map((r) => (
        <Typography key={r.retailerId} variant="body2">
          {retailerLine(r)}
        </Typography>
      )),
  },
  {
    id: 'forecast',
    header: 'Forecast',
    render: ({ forecast }) => (
      <>
        <Typography variant="body2">{forecastText(forecast)}</Typography>
        {slowText(forecast) && (
          <Typography variant="body2" color="warning.dark">
            {slowText(forecast)}
          </Typography>
        )}
      </>
    ),
  },
];

/** A page of matching setups: client (to its details), each retailer's status and step, forecast. */
export function MatchingSetupsTable({ setups, loading, details }: Props) {
  const cols = useMemo(() => columns(details), [details]);
  return (
    <DataTable
      label="Matching setups"
      columns={cols}
      rows={setups}
      getRowId={(setup) => String(setup.setupId)}
      loading={loading}
      loadingLabel="Loading the setups"
      size="small"
      minWidth={560}
    />
  );
}
