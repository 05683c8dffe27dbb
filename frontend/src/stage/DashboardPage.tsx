// /stage: a greeting, the user's plan at a glance and the ways into the app (SPEC §2). The Projects
// and Authors cards appear with their screens (see nav/pages.ts).
import { Box, Grid, Typography } from '@mui/material';
import PersonOutline from '@mui/icons-material/PersonOutline';
import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import { useAuth } from '../auth/auth-context';
import { readyPages, SIDEBAR_PAGES } from '../nav/pages';
import { LinkCard } from './LinkCard';
import { PageHeader } from './PageHeader';
import { SubscriptionBadge } from './SubscriptionBadge';
import { limitLines, useSubscription } from './subscription';

function greeting(hour: number) {
  if (hour < 5) return 'Good evening';
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

function PlanLimits() {
  const { data } = useSubscription();
  if (!data) return null;
  return (
    <Box
      component="dl"
      sx={{ mt: 2, mb: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}
    >
      {limitLines(data.limits).map(([k, v]) => (
        <Box key={k} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {k}
          </Typography>
          <Typography component="dd" variant="body2" fontWeight={600} sx={{ m: 0 }}>
            {v}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

const SECTION_CARDS = readyPages(SIDEBAR_PAGES).filter((p) => ['Projects', 'Authors', 'Settings'].includes(p.title));

export default function DashboardPage() {
  const { user } = useAuth();
  const firstName = user?.name.split(/\s+/)[0] ?? '';
  return (
    <>
      <PageHeader
        title={`${greeting(new Date().getHours())}, ${firstName}`}
        description="Here is your Castbook at a glance."
        action={<SubscriptionBadge />}
      />
      <Grid container spacing={3}>
        {SECTION_CARDS.map((page) => (
          <Grid key={page.path} size={{ xs: 12, sm: 6, lg: 4 }}>
            <LinkCard
              to={page.path}
              icon={page.icon}
              title={page.title}
              text={page.title === 'Settings' ? 'Your profile, password and subscription.' : page.description}
            />
          </Grid>
        ))}
        <Grid size={{ xs: 12, sm: 6, lg: 4 }}>
          <LinkCard
            to="/stage/settings/subscription"
            icon={WorkspacePremiumOutlined}
            title="Your plan"
            text="What your subscription includes."
          >
            <PlanLimits />
          </LinkCard>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 4 }}>
          <LinkCard
            to="/stage/settings/user-profile"
            icon={PersonOutline}
            title="Your account"
            text={user?.email ?? ''}
          >
            <Typography variant="body2" sx={{ mt: 2 }}>
              Signed in as <strong>{user?.name}</strong>
            </Typography>
          </LinkCard>
        </Grid>
      </Grid>
    </>
  );
}
