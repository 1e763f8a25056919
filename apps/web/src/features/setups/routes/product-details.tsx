/** productSetupDetail (/product/:id/details/:setupId): a per-product setup's details. */
import Alert from '@mui/material/Alert';
import { MESSAGES } from '@onboarding/contracts';
import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { productFlowOf } from '@/lib/setup-flow';
import { SetupDetailsPage } from '../components/setup-details-page';

export function Component() {
  const { id } = useParams();
  const flow = useMemo(() => productFlowOf(id), [id]);
  if (!flow) return <Alert severity="error">{MESSAGES.detailsLoadFailed}</Alert>;
  return <SetupDetailsPage key={id} flow={flow} />;
}
