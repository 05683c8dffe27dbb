import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Stack } from '@mui/material';
import { FeatureGrid, PageHero, Section, SectionHeading, Steps } from './sections';
import { ALL_FEATURES, WORKFLOW } from './features-content';

export default function FeaturesPage() {
  return (
    <>
      <PageHero
        eyebrow="Features"
        title="Built for the way narrators prepare"
        lead="Castbook reads the book with you: structure, cast and dialogue, ready for the booth."
      >
        <Stack direction="row" spacing={1.5} justifyContent="center" sx={{ mt: 4 }}>
          <Button component={RouterLink} to="/register" variant="contained" size="large">
            Sign Up Free
          </Button>
          <Button component={RouterLink} to="/pricing" variant="outlined" size="large">
            See pricing
          </Button>
        </Stack>
      </PageHero>
      <Section>
        <FeatureGrid features={ALL_FEATURES} />
      </Section>
      <Section tinted>
        <SectionHeading eyebrow="Workflow" title="Three steps, one project" />
        <Steps steps={WORKFLOW} />
        <Box sx={{ textAlign: 'center', mt: 6 }}>
          <Button component={RouterLink} to="/register" variant="contained" size="large">
            Start your first project
          </Button>
        </Box>
      </Section>
    </>
  );
}
