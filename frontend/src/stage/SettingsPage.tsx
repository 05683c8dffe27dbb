import { Grid } from '@mui/material';
import { SETTINGS_PAGES } from '../nav/pages';
import { LinkCard } from './LinkCard';
import { PageHeader } from './PageHeader';

export default function SettingsPage() {
  return (
    <>
      <PageHeader title="Account Settings" description="Manage your profile, your password and your subscription." />
      <Grid container spacing={3}>
        {SETTINGS_PAGES.map((p) => (
          <Grid key={p.path} size={{ xs: 12, sm: 6, lg: 4 }}>
            <LinkCard to={p.path} icon={p.icon} title={p.title} text={p.description} />
          </Grid>
        ))}
      </Grid>
    </>
  );
}
