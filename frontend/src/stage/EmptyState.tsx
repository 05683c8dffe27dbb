// The dashed panel a stage grid shows when it has nothing yet: the SPEC's empty text and the one
// action that fills it.
import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';

export function EmptyState({ text, action }: { text: string; action: ReactNode }) {
  return (
    <Box
      sx={{
        border: 1,
        borderStyle: 'dashed',
        borderColor: 'divider',
        borderRadius: 3,
        p: { xs: 4, sm: 6 },
        textAlign: 'center',
      }}
    >
      <Typography color="text.secondary">{text}</Typography>
      <Box sx={{ mt: 2 }}>{action}</Box>
    </Box>
  );
}
