// An illustration of what analysis gives you: dialogue coloured by speaker. Static, decorative text.
import { Box, Chip, Paper, Stack, Typography } from '@mui/material';

const CAST = [
  { name: 'Elizabeth', color: '#6d28d9' },
  { name: 'Mr. Darcy', color: '#0e7490' },
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
        Chapter 34
      </Typography>
      <Typography
        sx={{
          fontFamily: 'Georgia, "Times New Roman", serif',
          fontSize: { xs: '1rem', md: '1.08rem' },
          lineHeight: 1.85,
          mt: 1,
        }}
      >
        <Line color="#0e7490">“In vain have I struggled. It will not do,”</Line> he began. Elizabeth’s astonishment was
        beyond expression. She stared, coloured, doubted, and was silent.{' '}
        <Line color="#6d28d9">“I might as well inquire,”</Line> replied she,{' '}
        <Line color="#6d28d9">
          “why with so evident a desire of offending me, you chose to tell me that you liked me against your will?”
        </Line>
      </Typography>
    </Paper>
  );
}
