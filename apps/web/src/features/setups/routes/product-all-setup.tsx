/** seeAllSetup (/product/:id/all_setup): the setups list of one product. */
import Alert from '@mui/material/Alert';
import { MESSAGES } from '@onboarding/contracts';
import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { productFlowOf } from '@/lib/setup-flow';
import { SetupsListPage } from '../components/setups-list-page';

export function Component() {
  const { id } = useParams();
  const flow = useMemo(() => productFlowOf(id), [id]);
  if (!flow) return <Alert severity="error">{MESSAGES.listLoadFailed}</Alert>;
  return <SetupsListPage key={id} flow={flow} />;
}
