// /stage/projects: the caller's projects as cards and the New Project dialog (SPEC §2). If the list
// cannot be loaded it shows empty, and a toast says so.
import { useEffect, useState } from 'react';
import { Button, Grid, Skeleton } from '@mui/material';
import Add from '@mui/icons-material/Add';
import { PROJECT_MESSAGES, useProjects } from '../../api/projects-api';
import { EmptyState } from '../EmptyState';
import { PageHeader } from '../PageHeader';
import { NewProjectDialog } from './NewProjectDialog';
import { ProjectCard } from './ProjectCard';
import { projectToast } from './project-toast';
import { useProjectCreation } from './use-project-creation';

const CARD_SIZE = { xs: 6, sm: 4, md: 4, lg: 3 };

export default function ProjectsPage() {
  const [creating, setCreating] = useState(false);
  const { data, error, isLoading } = useProjects();
  const creation = useProjectCreation();

  useEffect(() => {
    if (error) projectToast.error(PROJECT_MESSAGES.fetchAll, 'Error', { id: 'projects-load' });
  }, [error]);

  const projects = error ? [] : (data ?? []);
  const newButton = (variant: 'contained' | 'outlined') => (
    <Button
      variant={variant}
      startIcon={<Add />}
      disabled={creation.kind === 'disabled'}
      title={creation.kind === 'disabled' ? creation.reason : undefined}
      onClick={() => setCreating(true)}
    >
      New Project
    </Button>
  );

  return (
    <>
      <PageHeader title="Projects" description="Your books and scripts." action={newButton('contained')} />
      {isLoading ? (
        <Grid container spacing={2.5} role="status" aria-busy="true" aria-label="Loading projects">
          {[0, 1, 2, 3].map((i) => (
            <Grid key={i} size={CARD_SIZE}>
              <Skeleton variant="rounded" sx={{ aspectRatio: '3 / 5', height: 'auto' }} />
            </Grid>
          ))}
        </Grid>
      ) : projects.length === 0 ? (
        <EmptyState text="No projects yet" action={newButton('outlined')} />
      ) : (
        <Grid
          container
          spacing={{ xs: 1.5, sm: 2.5 }}
          component="ul"
          sx={{ listStyle: 'none', p: 0, m: 0 }}
          aria-label="Projects"
        >
          {projects.map((p) => (
            <Grid key={p.id} size={CARD_SIZE} component="li">
              <ProjectCard project={p} />
            </Grid>
          ))}
        </Grid>
      )}
      <NewProjectDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
