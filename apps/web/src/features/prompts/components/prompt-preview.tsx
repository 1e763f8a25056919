import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { previewSegments, unfilledVariables } from '../utils/variables';

export interface PromptPreviewProps {
  text: string;
  values: Readonly<Record<string, string>>;
}

/**
 * The prompt as it will read with the variable values filled in. Unfilled variables stay as
 * their placeholder, highlighted, and are also listed in words (not told by colour alone).
 */
export function PromptPreview({ text, values }: PromptPreviewProps) {
  const headingId = useId();
  const segments = previewSegments(text, values);
  const unfilled = unfilledVariables(text, values);

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} component="h2" variant="h6" gutterBottom>
        Preview
      </Typography>
      <Paper
        variant="outlined"
        data-testid="prompt-preview"
        sx={{ p: 2, whiteSpace: 'pre-wrap', wordBreak: 'break-word', minHeight: 56 }}
      >
        {segments.length === 0 ? (
          <Typography color="text.secondary">The prompt will show here as you write it.</Typography>
        ) : (
          segments.map((segment, i) =>
            segment.kind === 'text' ? (
              <span key={i}>{segment.text}</span>
            ) : segment.value ? (
              <Box
                key={i}
                component="span"
                data-variable={segment.name}
                data-filled="true"
                sx={{ bgcolor: '#e6f4ea', color: '#1b5e20', px: 0.5, borderRadius: 0.5 }}
              >
                {segment.value}
              </Box>
            ) : (
              <Box
                key={i}
                component="mark"
                data-variable={segment.name}
                data-filled="false"
                title={`No value for ${segment.name}`}
                sx={{
                  bgcolor: '#fff3cd',
                  color: '#5c4300',
                  outline: '1px dashed #8a6d00',
                  px: 0.5,
                  borderRadius: 0.5,
                }}
              >
                {`{{${segment.name}}}`}
              </Box>
            ),
          )
        )}
      </Paper>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} aria-live="polite">
        {unfilled.length === 0
          ? segments.some((s) => s.kind === 'variable')
            ? 'Every variable has a value.'
            : 'No variables in the prompt.'
          : `Highlighted, without a value: ${unfilled.join(', ')}`}
      </Typography>
    </Box>
  );
}
