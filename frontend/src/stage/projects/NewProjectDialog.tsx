// The New Project dialog of /stage/projects (SPEC §2): the create form, or 'Project Limit Reached'
// when the plan's limit is reached (SPEC §6).
import {
  Alert,
  Box,
  CircularProgress,
  Dialog,
  DialogContent,
  DialogTitle,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { NewProjectForm } from './NewProjectForm';
import { ProjectLimitPanel } from './ProjectLimitPanel';
import { useProjectCreation } from './use-project-creation';
import type { CreationState } from './project-limit';

/** What both the dialog and /stage/projects/new show for a creation state. */
export function CreationBody({
  state,
  onCancel,
  onFinished,
}: {
  state: CreationState;
  onCancel?: () => void;
  onFinished?: () => void;
}) {
  if (state.kind === 'loading') {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }} aria-busy="true">
        <CircularProgress aria-label="Loading" />
      </Box>
    );
  }
  if (state.kind === 'disabled') return <Alert severity="warning">{state.reason}</Alert>;
  if (state.kind === 'limit-reached') return <ProjectLimitPanel maxProjects={state.maxProjects} onLeave={onCancel} />;
  return <NewProjectForm onCancel={onCancel} onFinished={onFinished} />;
}

export const creationTitle = (state: CreationState) =>
  state.kind === 'limit-reached' ? 'Project Limit Reached' : 'New Project';

function DialogBody({ onClose }: { onClose: () => void }) {
  const state = useProjectCreation();
  return (
    <>
      <DialogTitle id="new-project-title">{creationTitle(state)}</DialogTitle>
      <DialogContent sx={{ pt: '8px !important' }}>
        <CreationBody state={state} onCancel={onClose} onFinished={onClose} />
      </DialogContent>
    </>
  );
}

export function NewProjectDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
      aria-labelledby="new-project-title"
    >
      {open && <DialogBody onClose={onClose} />}
    </Dialog>
  );
}
