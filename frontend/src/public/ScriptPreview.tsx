// An illustration of what analysis gives you: dialogue coloured by speaker. Static, decorative text,
// written for the page (no scene of a novel we evaluate on: issue 13 keeps the corpus out of the code).
import { Box, Chip, Paper, Stack, Typography } from '@mui/material';

const CAST = [
  { name: 'Orla', color: '#6d28d9' },
  { name: 'The Warden', color: '#0e7490' },
  { name: 'Narrator', color: '#475569' },
];

function Line({ color, children }: { color: string; children: string }) {
  return (
    <Box component="span" sx={{ color, fontWeight: 600, bgcolor: `${color}14`, borderRadius: 1, px: 0.5 }}>
      {children}
    </Box>
  );
}

export function ScriptPreview() {
  return (
    <Paper
      aria-hidden
      elevation={0}
      sx={{
        p: { xs: 2.5, md: 3.5 },
        borderRadius: 4,
        border: 1,
        borderColor: 'divider',
        boxShadow: '0 30px 60px -20px rgba(30,27,75,0.25)',
      }}
    >
      <Stack direction="row" spacing={1} sx={{ mb: 2.5, flexWrap: 'wrap', rowGap: 1 }}>
        {CAST.map((c) => (
          <Chip key={c.name} size="small" label={c.name} sx={{ bgcolor: `${c.color}1f`, color: c.color }} />
        ))}
      </Stack>
      <Typography variant="overline" color="text.secondary">
        Chapter 12
      </Typography>
      <Typography
        sx={{
          fontFamily: 'Georgia, "Times New Roman", serif',
          fontSize: { xs: '1rem', md: '1.08rem' },
          lineHeight: 1.85,
          mt: 1,
        }}
      >
        <Line color="#0e7490">“The ferry does not cross after dark,”</Line> said the Warden. Orla set her bag down on
        the wet stones of the quay and did not move. <Line color="#6d28d9">“Then it will cross for me,”</Line> she
        answered,{' '}
        <Line color="#6d28d9">“because my brother is on the other side, and he has waited for me long enough.”</Line>
      </Typography>
    </Paper>
  );
}
