import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { COUNTRY_CODES, type CountryCode, type ModuleForm } from '@onboarding/contracts';
import { useId } from 'react';
import { moduleLabel } from '../utils/display';

export interface ModulesFieldProps {
  modules: readonly ModuleForm[];
  /** Edit mode: the setup's modules are shown and cannot change. */
  fixed: boolean;
  onChange: (modules: ModuleForm[]) => void;
}

/** The modules of a setup, each with its regions (chosen only when adding). */
export function ModulesField({ modules, fixed, onChange }: ModulesFieldProps) {
  const headingId = useId();
  const update = (id: ModuleForm['id'], change: Partial<ModuleForm>) =>
    onChange(modules.map((m) => (m.id === id ? { ...m, ...change } : m)));

  return (
    <Box component="fieldset" aria-labelledby={headingId} sx={{ border: 0, p: 0, m: 0 }}>
      <Typography id={headingId} component="legend" variant="h6" sx={{ mb: 1 }}>
        Modules
      </Typography>
      {fixed ? (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            Modules are chosen when a setup is added and cannot be changed.
          </Typography>
          {modules.length === 0 ? (
            <Typography variant="body2">No modules</Typography>
          ) : (
            <Stack component="ul" spacing={0.5} sx={{ pl: 2, m: 0 }}>
              {modules.map((m) => (
                <li key={m.id}>
                  <Typography variant="body2">
                    {moduleLabel(m)}: {m.regions.length ? m.regions.join(', ') : 'no regions'}
                  </Typography>
                </li>
              ))}
            </Stack>
          )}
        </>
      ) : (
        <Stack spacing={1}>
          {modules.map((m) => {
            const label = moduleLabel(m);
            return (
              <Stack
                key={m.id}
                direction={{ xs: 'column', sm: 'row' }}
                spacing={2}
                sx={{ alignItems: { sm: 'center' }, minHeight: 56 }}
              >
                <FormControlLabel
                  sx={{ minWidth: 340 }}
                  control={
                    <Checkbox
                      checked={m.isSelected}
                      onChange={(e) => update(m.id, { isSelected: e.target.checked })}
                    />
                  }
                  label={label}
                />
                {m.isSelected ? (
                  <TextField
                    select
                    size="small"
                    label={`${label} regions`}
                    value={m.regions}
                    onChange={(e) => {
                      const value = e.target.value as unknown as string | CountryCode[];
                      const regions = (
                        typeof value === 'string' ? value.split(',') : value
                      ) as CountryCode[];
                      update(m.id, { regions });
                    }}
                    sx={{ minWidth: 220 }}
                    slotProps={{
                      select: {
                        multiple: true,
                        renderValue: (selected) => (selected as string[]).join(', '),
                      },
                    }}
                  >
                    {COUNTRY_CODES.map((code) => (
                      <MenuItem key={code} value={code}>
                        <Checkbox size="small" checked={m.regions.includes(code)} tabIndex={-1} />
                        {code}
                      </MenuItem>
                    ))}
                  </TextField>
                ) : null}
              </Stack>
            );
          })}
        </Stack>
      )}
    </Box>
  );
}
