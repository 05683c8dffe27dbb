// One of the character's own longest lines, to read while recording, with previous/next to step to
// another (issue 17: the sample is the character speaking).
import { useState } from 'react';
import { Box, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';

export function LineToRead({ lines, name }: { lines: string[]; name: string }) {
  const [index, setIndex] = useState(0);
  if (lines.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
        {name} has no lines in the book yet; read anything in their voice.
      </Typography>
    );
  }
  const at = Math.min(index, lines.length - 1);
  const step = (by: number) => setIndex((at + by + lines.length) % lines.length);
  return (
    <Box
      component="figure"
      aria-label={`Line to read, ${at + 1} of ${lines.length}`}
      sx={{
        m: 0,
        p: 1,
        borderRadius: 1.5,
        bgcolor: 'action.hover',
        borderLeft: '3px solid',
        borderColor: 'primary.main',
      }}
    >
      <Typography
        component="blockquote"
        data-testid="line-to-read"
        sx={{
          m: 0,
          fontSize: 15,
          lineHeight: 1.5,
          fontFamily: 'Georgia, "Times New Roman", serif',
          maxHeight: 132,
          overflowY: 'auto',
        }}
      >
        “{lines[at]}”
      </Typography>
      {lines.length > 1 && (
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', justifyContent: 'flex-end', mt: 0.5 }}>
          <Typography variant="caption" color="text.secondary" sx={{ mr: 'auto' }}>
            Line {at + 1} of {lines.length}
          </Typography>
          <Tooltip title="Previous line">
            <IconButton size="small" aria-label="Previous line" onClick={() => step(-1)}>
              <ChevronLeftIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title="Next line">
            <IconButton size="small" aria-label="Next line" onClick={() => step(1)}>
              <ChevronRightIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
      )}
    </Box>
  );
}
