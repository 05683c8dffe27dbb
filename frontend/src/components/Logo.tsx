import { Box, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';

/** The Castbook mark: a waveform in a rounded square, and the word mark unless compact. */
export function Logo({ to = '/', compact = false }: { to?: string; compact?: boolean }) {
  return (
    <Box
      component={RouterLink}
      to={to}
      aria-label="Castbook home"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.25, color: 'text.primary', textDecoration: 'none' }}
    >
      <Box component="svg" viewBox="0 0 32 32" sx={{ width: 32, height: 32, flexShrink: 0 }} aria-hidden>
        <rect width="32" height="32" rx="8" fill="#4f46e5" />
        <path d="M10 12v8M14 9v14M18 11v10M22 14v4" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" />
      </Box>
      {!compact && (
        <Typography component="span" sx={{ fontWeight: 800, fontSize: '1.15rem', letterSpacing: '-0.02em' }}>
          Castbook
        </Typography>
      )}
    </Box>
  );
}
