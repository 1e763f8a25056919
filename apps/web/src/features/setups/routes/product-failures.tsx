/** productFailures (/product/:id/failures): the failure board of one product's setups. */
import Alert from '@mui/material/Alert';
import { MESSAGES } from '@onboarding/contracts';
import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { productFlowOf } from '@/lib/setup-flow';
import { FailureBoardPage } from '../components/failure-board-page';

export function Component() {
  const { id } = useParams();
  const flow = useMemo(() => productFlowOf(id), [id]);
  if (!flow) return <Alert severity="error">{MESSAGES.listLoadFailed}</Alert>;
  return <FailureBoardPage key={id} flow={flow} />;
}
