// Building blocks of the marketing pages.
import type { ReactNode } from 'react';
import { Avatar, Box, Card, CardContent, Chip, Container, Grid, Typography } from '@mui/material';
import type { SvgIconComponent } from '@mui/icons-material';

export function Section({ children, tinted = false, id }: { children: ReactNode; tinted?: boolean; id?: string }) {
  return (
    <Box component="section" id={id} sx={{ py: { xs: 7, md: 10 }, bgcolor: tinted ? '#eef0fb' : 'transparent' }}>
      <Container maxWidth="lg">{children}</Container>
    </Box>
  );
}

export function SectionHeading({ eyebrow, title, lead }: { eyebrow: string; title: string; lead?: string }) {
  return (
    <Box sx={{ textAlign: 'center', maxWidth: 680, mx: 'auto', mb: { xs: 5, md: 7 } }}>
      <Typography variant="overline" color="primary">
        {eyebrow}
      </Typography>
      <Typography variant="h3" component="h2" sx={{ fontSize: { xs: '1.9rem', md: '2.5rem' }, mt: 0.5 }}>
        {title}
      </Typography>
      {lead && (
        <Typography color="text.secondary" sx={{ mt: 2, fontSize: '1.08rem', lineHeight: 1.7 }}>
          {lead}
        </Typography>
      )}
    </Box>
  );
}

export interface Feature {
  icon: SvgIconComponent;
  title: string;
  text: string;
  /** Planned but not built yet: shown with a "Coming soon" label, never as available. */
  soon?: boolean;
}

export function FeatureGrid({ features, columns = 3 }: { features: Feature[]; columns?: 2 | 3 }) {
  return (
    <Grid container spacing={3}>
      {features.map(({ icon: Icon, title, text, soon }) => (
        <Grid key={title} size={{ xs: 12, sm: 6, md: 12 / columns }}>
          <Card
            data-testid="feature-card"
            sx={{
              height: '100%',
              transition: 'box-shadow 150ms, transform 150ms',
              '&:hover': { boxShadow: '0 10px 30px rgba(79,70,229,0.10)', transform: 'translateY(-2px)' },
            }}
          >
            <CardContent sx={{ p: 3 }}>
              <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', mb: 2 }}>
                <Box
                  sx={{
                    width: 44,
                    height: 44,
                    borderRadius: 2.5,
                    display: 'grid',
                    placeItems: 'center',
                    bgcolor: 'rgba(79,70,229,0.09)',
                    color: 'primary.main',
                  }}
                >
                  <Icon />
                </Box>
                {soon && <SoonChip />}
              </Box>
              <Typography variant="h6" component="h3" gutterBottom>
                {title}
              </Typography>
              <Typography color="text.secondary" sx={{ lineHeight: 1.65 }}>
                {text}
              </Typography>
            </CardContent>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}

/** "Coming soon", in an amber dark enough for small text (axe color-contrast). */
export function SoonChip() {
  return (
    <Chip
      label="Coming soon"
      size="small"
      variant="outlined"
      sx={{ fontWeight: 600, color: '#92400e', borderColor: '#d97706', bgcolor: '#fffbeb' }}
    />
  );
}

export interface Step {
  title: string;
  text: string;
}

export function Steps({ steps }: { steps: Step[] }) {
  return (
    <Grid container spacing={3}>
      {steps.map((s, i) => (
        <Grid key={s.title} size={{ xs: 12, md: 4 }}>
          <Box
            sx={{
              p: 3,
              height: '100%',
              borderRadius: 3.5,
              bgcolor: 'background.paper',
              border: 1,
              borderColor: 'divider',
            }}
          >
            <Typography sx={{ fontWeight: 800, color: 'primary.main', fontSize: '0.9rem' }}>Step {i + 1}</Typography>
            <Typography variant="h6" component="h3" sx={{ mt: 1, mb: 1 }}>
              {s.title}
            </Typography>
            <Typography color="text.secondary" sx={{ lineHeight: 1.65 }}>
              {s.text}
            </Typography>
          </Box>
        </Grid>
      ))}
    </Grid>
  );
}

export function PageHero({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow: string;
  title: string;
  lead: string;
  children?: ReactNode;
}) {
  return (
    <Box
      sx={{
        pt: { xs: 7, md: 11 },
        pb: { xs: 4, md: 6 },
        textAlign: 'center',
        background: 'radial-gradient(1200px 400px at 50% -10%, rgba(79,70,229,0.12), transparent)',
      }}
    >
      <Container maxWidth="md">
        <Typography variant="overline" color="primary">
          {eyebrow}
        </Typography>
        <Typography variant="h2" component="h1" sx={{ fontSize: { xs: '2.2rem', md: '3.2rem' }, mt: 1 }}>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 2.5, fontSize: { xs: '1.05rem', md: '1.2rem' }, lineHeight: 1.7 }}>
          {lead}
        </Typography>
        {children}
      </Container>
    </Box>
  );
}

export interface Audience {
  role: string;
  quote: string;
  detail: string;
}

/** Testimonial-style cards that speak for a use case, never for an invented person. */
export function AudienceCards({ audiences }: { audiences: Audience[] }) {
  return (
    <Grid container spacing={3}>
      {audiences.map((a) => (
        <Grid key={a.role} size={{ xs: 12, md: 4 }}>
          <Card component="figure" sx={{ m: 0, height: '100%', display: 'flex', flexDirection: 'column' }}>
            <CardContent sx={{ p: 3.5, display: 'flex', flexDirection: 'column', flexGrow: 1 }}>
              <Typography
                aria-hidden
                sx={{ fontSize: '3rem', lineHeight: 0.6, color: 'primary.main', fontFamily: 'Georgia, serif', mb: 1 }}
              >
                “
              </Typography>
              <Typography component="blockquote" sx={{ m: 0, fontSize: '1.08rem', lineHeight: 1.7, flexGrow: 1 }}>
                {a.quote}
              </Typography>
              <Box component="figcaption" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mt: 3 }}>
                <Avatar sx={{ bgcolor: 'primary.main', width: 40, height: 40, fontWeight: 700 }}>{a.role[0]}</Avatar>
                <Box>
                  <Typography sx={{ fontWeight: 700 }}>For {a.role.toLowerCase()}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {a.detail}
                  </Typography>
                </Box>
              </Box>
            </CardContent>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
