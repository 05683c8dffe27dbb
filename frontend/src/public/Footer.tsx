import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Container, Divider, Grid, Link, Stack, Typography } from '@mui/material';
import { Logo } from '../components/Logo';
import { STATS, TAGLINE } from './marketing';

const COMPANY = [
  { label: 'About Us', to: '/about' },
  { label: 'Privacy Policy', to: '/privacy' },
  { label: 'Terms of Service', to: '/terms' },
];

export function Footer() {
  return (
    <Box component="footer" sx={{ bgcolor: '#0f1020', color: 'rgba(255,255,255,0.78)', mt: 'auto' }}>
      <Container maxWidth="lg" sx={{ py: { xs: 6, md: 8 } }}>
        <Grid container spacing={5}>
          <Grid size={{ xs: 12, md: 5 }}>
            <Box sx={{ '& a, & span': { color: '#fff' } }}>
              <Logo />
            </Box>
            <Typography sx={{ mt: 2, maxWidth: 420, lineHeight: 1.7 }}>{TAGLINE}</Typography>
            <Button component={RouterLink} to="/register" variant="contained" size="large" sx={{ mt: 3 }}>
              Sign Up Free
            </Button>
          </Grid>
          <Grid size={{ xs: 12, sm: 7, md: 4 }}>
            <Stack spacing={2}>
              {STATS.map((s) => (
                <Box key={s.label}>
                  <Typography sx={{ color: '#fff', fontWeight: 800, fontSize: '1.5rem', lineHeight: 1.1 }}>
                    {s.value}
                  </Typography>
                  <Typography variant="body2">{s.label}</Typography>
                </Box>
              ))}
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, sm: 5, md: 3 }}>
            <Typography variant="overline" sx={{ color: 'rgba(255,255,255,0.5)' }}>
              Company
            </Typography>
            <Stack component="nav" aria-label="Company" spacing={1.25} sx={{ mt: 1 }}>
              {COMPANY.map((l) => (
                <Link
                  key={l.to}
                  component={RouterLink}
                  to={l.to}
                  sx={{ color: 'rgba(255,255,255,0.85)', fontWeight: 500 }}
                >
                  {l.label}
                </Link>
              ))}
            </Stack>
          </Grid>
        </Grid>
        <Divider sx={{ my: 4, borderColor: 'rgba(255,255,255,0.1)' }} />
        <Typography variant="body2" sx={{ color: 'rgba(255,255,255,0.55)' }}>
          © {new Date().getFullYear()} Castbook
        </Typography>
      </Container>
    </Box>
  );
}
