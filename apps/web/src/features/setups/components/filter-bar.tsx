import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import {
  serializeFleetFilterQuery,
  stepLabel,
  WORKFLOW_STEP_KEYS,
  type FleetFilter,
} from '@onboarding/contracts';
import { useId, useState, type ReactElement } from 'react';

interface Choice {
  value: string;
  label: string;
}

const STATUSES: Choice[] = [
  { value: 'FAILED', label: 'Failed' },
  { value: 'IN_PROGRESS', label: 'In progress' },
  { value: 'NOT_STARTED', label: 'Not started' },
  { value: 'COMPLETED', label: 'Completed' },
];
const STEPS: Choice[] = WORKFLOW_STEP_KEYS.map((key) => ({ value: key, label: stepLabel(key) }));
const yesNo = (yes: string, no: string): Choice[] => [
  { value: '1', label: yes },
  { value: '0', label: no },
];

const fieldSx = {
  font: 'inherit',
  fontSize: '0.875rem',
  height: 32,
  px: 0.5,
  border: 1,
  borderColor: 'divider',
  borderRadius: 1,
  bgcolor: 'background.paper',
  color: 'text.primary',
  maxWidth: '100%',
} as const;

/** A labelled native select: light (no MUI Select in the list's chunk), keyboard-native. */
function FilterSelect(props: {
  label: string;
  value: string;
  choices: readonly Choice[];
  onChange: (value: string) => void;
}) {
  const { label, value, choices, onChange } = props;
  // A value the address carries that the choices do not list (several statuses) stays shown.
  const all =
    value && !choices.some((c) => c.value === value)
      ? [...choices, { value, label: value }]
      : choices;
  return (
    <FilterField label={label}>
      {(id) => (
        <Box
          component="select"
          id={id}
          sx={fieldSx}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        >
          <option value="">Any</option>
          {all.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </Box>
      )}
    </FilterField>
  );
}

/**
 * The label names its control by id (not by wrapping it, which would put every option's text in
 * the select's accessible name).
 */
function FilterField({
  label,
  children,
}: {
  label: string;
  children: (id: string) => ReactElement;
}) {
  const id = useId();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', fontSize: '0.75rem', minWidth: 0 }}>
      <label htmlFor={id}>{label}</label>
      {children(id)}
    </Box>
  );
}

const flagText = (flag: boolean | undefined) => (flag === undefined ? '' : flag ? '1' : '0');
const flagOf = (text: string) => (text === '' ? undefined : text === '1');
const listOf = (text: string) => (text === '' ? undefined : text.split(','));

/** An ISO time as a datetime-local field shows it (the browser's time zone, to the minute). */
function localInput(iso: string | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const local = new Date(d.getTime() - d.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/**
 * The fleet filters above the setups list (issue 33; docs/requirements.md#setups-list-filters):
 * each change replaces the filters, which the list page writes to its address.
 */
export function FilterBar(props: {
  filter: FleetFilter;
  retailerNames: ReadonlyMap<number, string> | undefined;
  onChange: (filter: FleetFilter) => void;
}) {
  const { retailerNames, onChange } = props;
  // The filters as last chosen here: the page shows a new address only once its data is asked,
  // and a choice made before that must not be undone by the address of an earlier one (a CI run
  // lost the step chosen between the status and the client that way). The addresses of this
  // bar's own choices, as they arrive, leave the choice alone; any other (Back, a link) replaces it.
  const [shown, setShown] = useState(props.filter);
  const [from, setFrom] = useState(() => serializeFleetFilterQuery(props.filter));
  const [sent, setSent] = useState<readonly string[]>([]);
  const arrived = serializeFleetFilterQuery(props.filter);
  if (arrived !== from) {
    setFrom(arrived);
    const own = sent.indexOf(arrived);
    setSent(own === -1 ? [] : sent.slice(own + 1));
    if (own === -1) setShown(props.filter);
  }
  const filter = shown;
  const change = (next: FleetFilter) => {
    setShown(next);
    setSent((before) => [...before, serializeFleetFilterQuery(next)]);
    onChange(next);
  };
  const set = <K extends keyof FleetFilter>(key: K, value: FleetFilter[K]) => {
    const next: FleetFilter = { ...filter, [key]: value };
    if (value === undefined) delete next[key];
    change(next);
  };
  const retailers: Choice[] = [...(retailerNames ?? new Map<number, string>())].map(
    ([id, name]) => ({ value: String(id), label: name }),
  );
  const active = Object.keys(filter).length > 0;
  return (
    <Box
      role="group"
      aria-label="Filters"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-end', mb: 2 }}
    >
      <FilterSelect
        label="Status"
        value={filter.status?.join(',') ?? ''}
        choices={STATUSES}
        onChange={(v) => set('status', listOf(v))}
      />
      <FilterSelect
        label="Step"
        value={filter.step?.join(',') ?? ''}
        choices={STEPS}
        onChange={(v) => set('step', listOf(v))}
      />
      <FilterSelect
        label="Retailer"
        value={filter.retailer?.join(',') ?? ''}
        choices={retailers}
        onChange={(v) => set('retailer', listOf(v)?.map(Number))}
      />
      <FilterSelect
        label="Market Share"
        value={flagText(filter.marketShare)}
        choices={yesNo('ML', 'CL')}
        onChange={(v) => set('marketShare', flagOf(v))}
      />
      <FilterSelect
        label="Client"
        value={flagText(filter.prospect)}
        choices={yesNo('Prospects', 'Clients')}
        onChange={(v) => set('prospect', flagOf(v))}
      />
      <FilterSelect
        label="Slow"
        value={flagText(filter.slow)}
        choices={yesNo('Slow', 'Not slow')}
        onChange={(v) => set('slow', flagOf(v))}
      />
      <FilterSelect
        label="Overdue"
        value={flagText(filter.overdue)}
        choices={yesNo('Overdue', 'Not overdue')}
        onChange={(v) => set('overdue', flagOf(v))}
      />
      <FilterField label="Failed since">
        {(id) => (
          <Box
            component="input"
            id={id}
            type="datetime-local"
            sx={fieldSx}
            value={localInput(filter.failedSince)}
            onChange={(e) => {
              const d = new Date(e.target.value);
              set('failedSince', Number.isNaN(d.getTime()) ? undefined : d.toISOString());
            }}
          />
        )}
      </FilterField>
      {active ? (
        <Button size="small" onClick={() => change({})}>
          Clear filters
        </Button>
      ) : null}
    </Box>
  );
}
