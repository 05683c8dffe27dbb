// The frame of the sign-in and sign-up pages: a marketing panel beside the form (panel hidden on phones).
import type { ReactNode } from 'react';
import { Box, Container, Paper, Stack, Typography } from '@mui/material';
import CheckCircle from '@mui/icons-material/CheckCircleOutline';
import { HEADLINE, STATS } from '../marketing';

const POINTS = [
  'Chapters and parts found for you',
  'Every line attributed to its speaker',
  'Every character in a colour of their own',
];

function MarketingPanel() {
  return (
    <Box
      sx={{
        display: { xs: 'none', md: 'flex' },
        flexDirection: 'column',
        justifyContent: 'center',
        color: '#fff',
        p: 6,
        borderRadius: 5,
        background: 'linear-gradient(150deg, #312e81 0%, #4f46e5 55%, #6d5ef5 100%)',
        position: 'relative',
        overflow: 'hidden',
      }}
    >
      <Box
        aria-hidden
        sx={{
          position: 'absolute',
          inset: 'auto -80px -80px auto',
          width: 260,
          height: 260,
          borderRadius: '50%',
          background: 'rgba(245,158,11,0.22)',
          filter: 'blur(10px)',
        }}
      />
      <Typography variant="overline" sx={{ color: 'rgba(255,255,255,0.7)' }}>
        Castbook
      </Typography>
      <Typography variant="h3" component="p" sx={{ fontSize: '2.2rem', mt: 1, mb: 3 }}>
        {HEADLINE}
      </Typography>
      <Stack spacing={1.5} sx={{ mb: 5 }}>
        {POINTS.map((p) => (
          <Stack key={p} direction="row" spacing={1.25} alignItems="center">
            <CheckCircle sx={{ color: '#fcd34d' }} fontSize="small" />
            <Typography sx={{ color: 'rgba(255,255,255,0.92)' }}>{p}</Typography>
          </Stack>
        ))}
      </Stack>
      <Stack direction="row" spacing={4}>
        {STATS.map((s) => (
          <Box key={s.label}>
            <Typography sx={{ fontWeight: 800, fontSize: '1.4rem' }}>{s.value}</Typography>
            <Typography variant="body2" sx={{ color: 'rgba(255,255,255,0.72)', maxWidth: 120 }}>
              {s.label}
            </Typography>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}

export function AuthShell({
  title,
  subtitle,
  children,
  wide = false,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 7 } }}>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: wide ? '5fr 6fr' : '1fr 1fr' },
          gap: { md: 6 },
          alignItems: 'stretch',
        }}
      >
        <MarketingPanel />
        <Paper
          variant="outlined"
          sx={{ p: { xs: 3, sm: 5 }, borderRadius: 5, maxWidth: 560, width: '100%', mx: 'auto', alignSelf: 'center' }}
        >
          <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.7rem', sm: '2rem' } }}>
            {title}
          </Typography>
          {subtitle && (
            <Typography color="text.secondary" sx={{ mt: 1, mb: 3.5 }}>
              {subtitle}
            </Typography>
          )}
          {children}
        </Paper>
      </Box>
    </Container>
  );
}

/** A narrow card for the password-reset pages, which need no marketing. */
export function NarrowShell({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 5, md: 10 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, borderRadius: 5 }}>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.7rem', sm: '2rem' } }}>
          {title}
        </Typography>
        {subtitle && (
          <Typography color="text.secondary" sx={{ mt: 1, mb: 3.5 }}>
            {subtitle}
          </Typography>
        )}
        {children}
      </Paper>
    </Container>
  );
}
