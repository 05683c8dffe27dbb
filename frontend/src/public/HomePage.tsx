import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Container, Grid, Stack, Typography } from '@mui/material';
import ArrowForward from '@mui/icons-material/ArrowForward';
import { ACCURACY, HEADLINE, STATS, TAGLINE } from './marketing';
import { AudienceCards, FeatureGrid, Section, SectionHeading, Steps } from './sections';
import { AUDIENCES, HOME_FEATURES, STEPS } from './content';
import { ScriptPreview } from './ScriptPreview';
import { useAuth } from '../auth/auth-context';

export default function HomePage() {
  const signedIn = useAuth().status === 'authenticated';
  return (
    <>
      <Box
        sx={{
          pt: { xs: 6, md: 10 },
          pb: { xs: 7, md: 10 },
          background:
            'radial-gradient(1100px 480px at 75% -5%, rgba(79,70,229,0.14), transparent), radial-gradient(700px 380px at 0% 30%, rgba(245,158,11,0.08), transparent)',
        }}
      >
        <Container maxWidth="lg">
          <Grid container spacing={{ xs: 5, md: 8 }} alignItems="center">
            <Grid size={{ xs: 12, md: 6 }}>
              <Typography variant="overline" color="primary">
                For narrators, voice actors and authors
              </Typography>
              <Typography variant="h1" sx={{ fontSize: { xs: '2.5rem', sm: '3.2rem', md: '3.8rem' }, mt: 1 }}>
                {HEADLINE}
              </Typography>
              <Typography
                color="text.secondary"
                sx={{ mt: 3, fontSize: { xs: '1.05rem', md: '1.2rem' }, lineHeight: 1.7, maxWidth: 540 }}
              >
                {TAGLINE}
              </Typography>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 4 }}>
                <Button
                  component={RouterLink}
                  to={signedIn ? '/stage' : '/register'}
                  variant="contained"
                  size="large"
                  endIcon={<ArrowForward />}
                >
                  {signedIn ? 'Open Castbook' : 'Sign Up Free'}
                </Button>
                <Button component={RouterLink} to="/features" variant="outlined" size="large">
                  See the features
                </Button>
                <Button component={RouterLink} to="/pricing" size="large">
                  Pricing
                </Button>
              </Stack>
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <ScriptPreview />
            </Grid>
          </Grid>
          <Grid container spacing={2} sx={{ mt: { xs: 6, md: 9 } }}>
            {[...STATS, ACCURACY].map((s) => (
              <Grid key={s.label} size={{ xs: 6, md: 3 }}>
                <Box sx={{ textAlign: { xs: 'left', md: 'center' } }}>
                  <Typography sx={{ fontWeight: 800, fontSize: '2rem', letterSpacing: '-0.02em' }}>
                    {s.value}
                  </Typography>
                  <Typography color="text.secondary">{s.label}</Typography>
                </Box>
              </Grid>
            ))}
          </Grid>
        </Container>
      </Box>
      <Section tinted>
        <SectionHeading eyebrow="How it works" title="From manuscript to booth in three steps" />
        <Steps steps={STEPS} />
      </Section>
      <Section>
        <SectionHeading
          eyebrow="Features"
          title="Everything you prepare before you press record"
          lead="AI accuracy of 90 to 95 percent on speaker attribution, so you get it right the first take, and every guess is yours to correct."
        />
        <FeatureGrid features={HOME_FEATURES} />
        <Box sx={{ textAlign: 'center', mt: 6 }}>
          <Button component={RouterLink} to="/features" variant="outlined" size="large" endIcon={<ArrowForward />}>
            All features
          </Button>
        </Box>
      </Section>
      <Section tinted>
        <SectionHeading eyebrow="Who it’s for" title="Made for everyone behind the microphone" />
        <AudienceCards audiences={AUDIENCES} />
      </Section>
      <Section>
        <Box
          sx={{
            textAlign: 'center',
            p: { xs: 4, md: 7 },
            borderRadius: 5,
            color: '#fff',
            background: 'linear-gradient(135deg, #4338ca 0%, #6d28d9 100%)',
          }}
        >
          <Typography variant="h3" component="h2" sx={{ fontSize: { xs: '1.8rem', md: '2.4rem' } }}>
            Start with one book, free
          </Typography>
          <Typography sx={{ mt: 2, opacity: 0.9, fontSize: '1.1rem', maxWidth: 560, mx: 'auto' }}>
            The Free plan holds a whole book of up to 100,000 words. Pro adds unlimited projects and books of up to
            500,000 words, with a 14-day trial and no credit card.
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} justifyContent="center" sx={{ mt: 4 }}>
            <Button
              component={RouterLink}
              to="/register"
              variant="contained"
              size="large"
              sx={{ bgcolor: '#fff', color: '#3730a3', '&:hover': { bgcolor: '#eef0fb' } }}
            >
              Sign Up Free
            </Button>
            <Button
              component={RouterLink}
              to="/pricing"
              variant="outlined"
              size="large"
              sx={{
                color: '#fff',
                borderColor: 'rgba(255,255,255,0.7)',
                '&:hover': { borderColor: '#fff', bgcolor: 'rgba(255,255,255,0.08)' },
              }}
            >
              Compare plans
            </Button>
          </Stack>
        </Box>
      </Section>
    </>
  );
}
