import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Grid, Typography } from '@mui/material';
import { PLANS } from '@castbook/contracts';
import { PageHero, Section } from './sections';
import { PlanCard } from './PlanCard';

export default function PricingPage() {
  return (
    <>
      <PageHero
        eyebrow="Pricing"
        title="Simple plans for every booth"
        lead="Start free with one book. Go Pro for unlimited projects, character analysis and voice samples, with a 14-day free trial."
      />
      <Section>
        <Grid container spacing={3} alignItems="stretch">
          {Object.values(PLANS).map((plan) => (
            <Grid key={plan.id} size={{ xs: 12, md: 4 }}>
              <PlanCard plan={plan} />
            </Grid>
          ))}
        </Grid>
        <Box sx={{ textAlign: 'center', mt: 7 }}>
          <Typography variant="h5" component="p" gutterBottom>
            Ready when you are.
          </Typography>
          <Button component={RouterLink} to="/register" variant="contained" size="large">
            Sign Up Free
          </Button>
        </Box>
      </Section>
    </>
  );
}
