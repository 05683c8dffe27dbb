// The box under the header while an analysis runs: its message, chunks done, a bar and Cancel.
import { Box, Button, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import type { AnalysisProgress } from '@castbook/contracts';

export function AnalysisProgressBox({
  progress,
  percent,
  onCancel,
}: {
  progress: AnalysisProgress | undefined;
  percent: number;
  onCancel: () => void;
}) {
  return (
    <Paper
      variant="outlined"
      role="status"
      aria-label="Analysis progress"
      sx={{ px: 2, py: 1.5, borderRadius: 3, display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}
    >
      <Box sx={{ flexGrow: 1, minWidth: 200 }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.75 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {progress?.statusMessage || 'Starting analysis…'}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {progress ? `${progress.processedChunks}/${progress.totalChunks} · ${Math.round(percent)}%` : ''}
          </Typography>
        </Stack>
        <LinearProgress
          variant={progress ? 'determinate' : 'indeterminate'}
          value={percent}
          aria-label="Analysis progress"
        />
      </Box>
      <Button size="small" color="inherit" variant="outlined" onClick={onCancel}>
        Cancel
      </Button>
    </Paper>
  );
}
