// 'Project Limit Reached' (SPEC §6): at the plan's project limit, offer to delete a project or to
// upgrade. Deleting one frees the place, and whoever shows this panel shows the form instead;
// upgrading goes the subscription page's way (PUT, then the provider's checkout when payment is due).
import { useState } from 'react';
import { Box, Button, List, ListItem, Typography } from '@mui/material';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import type { ProjectListItem } from '@castbook/contracts';
import { deleteProject, forgetProject, useProjects } from '../../api/projects-api';
import { useBillingActions } from '../use-billing-actions';
import { projectToast } from './project-toast';

function ProjectRow({ project }: { project: ProjectListItem }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    try {
      await deleteProject(project.id);
      await forgetProject(project.id);
      projectToast.success('Project deleted', `“${project.title}” was deleted.`);
    } catch {
      projectToast.error('Failed to delete project.');
      setBusy(false);
      setConfirming(false);
    }
  };
  return (
    <ListItem
      disableGutters
      sx={{ gap: 1.5, borderBottom: 1, borderColor: 'divider', flexWrap: 'wrap', justifyContent: 'space-between' }}
    >
      <Typography fontWeight={600} noWrap sx={{ minWidth: 0, flex: '1 1 160px' }}>
        {project.title}
      </Typography>
      {confirming ? (
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button size="small" color="inherit" disabled={busy} onClick={() => setConfirming(false)}>
            Keep
          </Button>
          <Button size="small" color="error" variant="contained" disabled={busy} onClick={() => void remove()}>
            {busy ? 'Deleting…' : 'Confirm delete'}
          </Button>
        </Box>
      ) : (
        <Button
          size="small"
          color="error"
          startIcon={<DeleteOutline />}
          onClick={() => setConfirming(true)}
          aria-label={`Delete ${project.title}`}
        >
          Delete
        </Button>
      )}
    </ListItem>
  );
}

export function ProjectLimitPanel({ maxProjects, onLeave }: { maxProjects: number; onLeave?: () => void }) {
  const { data: projects } = useProjects();
  const { busy, upgrade } = useBillingActions();
  return (
    <Box>
      <Typography color="text.secondary">
        {maxProjects > 0
          ? `Your plan allows ${maxProjects} ${maxProjects === 1 ? 'project' : 'projects'}. Delete a project to make room, or upgrade to Pro for unlimited projects.`
          : 'Your plan does not include projects. Upgrade to Pro to create projects.'}
      </Typography>
      {(projects?.length ?? 0) > 0 && (
        <List aria-label="Your projects" sx={{ mt: 1.5 }}>
          {projects!.map((p) => (
            <ProjectRow key={p.id} project={p} />
          ))}
        </List>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 3, flexWrap: 'wrap' }}>
        {onLeave && (
          <Button color="inherit" onClick={onLeave}>
            Not now
          </Button>
        )}
        <Button
          variant="contained"
          startIcon={<WorkspacePremiumOutlined />}
          disabled={busy !== null}
          onClick={() => void upgrade()}
        >
          {busy === 'upgrade' ? 'Opening checkout…' : 'Upgrade to Pro'}
        </Button>
      </Box>
    </Box>
  );
}
