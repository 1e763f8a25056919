import CancelOutlined from '@mui/icons-material/CancelOutlined';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import Autorenew from '@mui/icons-material/Autorenew';
import PlayCircleOutline from '@mui/icons-material/PlayCircleOutlined';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import { stepLabel, type SetupRow } from '@onboarding/contracts';
import type { StatusTone } from '@onboarding/ui';
import type { ReactElement } from 'react';
import { isCompleted, isFailed } from './group-setups';

export interface StatusLook {
  label: string;
  tone: StatusTone;
  icon: ReactElement;
}

/** Underscores shown as spaces: `in_progress` → `in progress`. */
function statusText(status: string): string {
  return status.replace(/_/g, ' ');
}

/**
 * The list's badge: green COMPLETED, red FAILED with the step name, blue with the status
 * (as received) and the step name otherwise. Each status has its own icon; a status written
 * as a key (NOT_STARTED) also has its words (`Not started`) as the icon's accessible name.
 */
export function setupStatusLook(row: SetupRow, withStep = true): StatusLook {
  const step = withStep && row.stepName ? ` - ${stepLabel(row.stepName)}` : '';
  if (isCompleted(row)) {
    return { label: 'COMPLETED', tone: 'green', icon: <CheckCircleOutline /> };
  }
  if (isFailed(row)) {
    return { label: `FAILED${step}`, tone: 'red', icon: <CancelOutlined /> };
  }
  const status = row.status.toLowerCase();
  const words = status.includes('_')
    ? statusText(status).replace(/^./, (c) => c.toUpperCase())
    : undefined;
  const icon =
    status === 'not_started' ? (
      <RadioButtonUnchecked titleAccess={words} />
    ) : status === 'started' ? (
      <PlayCircleOutline titleAccess={words} />
    ) : (
      <Autorenew titleAccess={words} />
    );
  return { label: `${row.status}${step}`, tone: 'blue', icon };
}

const STEP_LOOKS: Record<string, Omit<StatusLook, 'label'>> = {
  not_started: { tone: 'grey', icon: <RadioButtonUnchecked /> },
  started: { tone: 'lightYellow', icon: <PlayCircleOutline /> },
  in_progress: { tone: 'yellow', icon: <Autorenew /> },
  completed: { tone: 'green', icon: <CheckCircleOutline /> },
  failed: { tone: 'red', icon: <CancelOutlined /> },
};

/**
 * A workflow step's status: not_started grey, started light yellow, in_progress yellow,
 * completed green, failed red — always with an icon and the status in words.
 */
export function stepStatusLook(status: string): StatusLook {
  const look = STEP_LOOKS[status.toLowerCase()] ?? { tone: 'blue', icon: <Autorenew /> };
  return { ...look, label: statusText(status) };
}
