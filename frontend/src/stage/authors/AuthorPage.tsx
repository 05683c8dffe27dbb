// /stage/authors/{authorId}: edit the names and the avatar, remove the avatar, delete the author after
// a confirmation (SPEC §2). The server refuses (409) while the author has projects; its words show.
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { toast } from 'sonner';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Link,
  List,
  ListItem,
  Skeleton,
  Typography,
} from '@mui/material';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { AUTHOR_MESSAGES, authorName, deleteAuthor, forgetAuthor, useAuthor } from '../../api/authors-api';
import { statusOf } from '../../api/call-error';
import { useProjects } from '../../api/projects-api';
import { formErrorOf } from '../../forms/errors';
import { FormCard } from '../FormCard';
import { PageHeader } from '../PageHeader';
import { chapterLabel, projectCountLabel } from '../projects/project-limit';
import { AuthorAvatar } from './AuthorAvatar';
import { AuthorForm } from './AuthorForm';

function DeleteAuthorDialog({
  open,
  name,
  onClose,
  onConfirm,
}: {
  open: boolean;
  name: string;
  onClose: () => void;
  onConfirm: () => Promise<string | null>;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    if (busy) return;
    setError(null);
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby="delete-author-title" maxWidth="xs" fullWidth>
      <DialogTitle id="delete-author-title">Delete {name}?</DialogTitle>
      <DialogContent>
        {error ? (
          <Alert severity="error">{error}</Alert>
        ) : (
          <DialogContentText>This removes the author and their avatar. It cannot be undone.</DialogContentText>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button color="inherit" onClick={close} disabled={busy}>
          {error ? 'Close' : 'Cancel'}
        </Button>
        {!error && (
          <Button
            color="error"
            variant="contained"
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              const failure = await onConfirm();
              setBusy(false);
              setError(failure);
            }}
          >
            {busy ? 'Deleting…' : 'Delete author'}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

export default function AuthorPage() {
  const { authorId = '' } = useParams();
  const navigate = useNavigate();
  const { data: author, error, isLoading } = useAuthor(authorId);
  const { data: projects } = useProjects();
  const [confirming, setConfirming] = useState(false);

  if (isLoading) {
    return (
      <>
        <Skeleton variant="text" width={280} height={48} />
        <Skeleton variant="rounded" height={260} sx={{ mt: 3, maxWidth: 560 }} />
      </>
    );
  }
  if (!author) {
    const missing = statusOf(error) === 404;
    return (
      <>
        <PageHeader title={missing ? 'Author not found' : 'Author'} />
        <Alert
          severity={missing ? 'warning' : 'error'}
          action={
            <Button component={RouterLink} to="/stage/authors" color="inherit" size="small">
              All authors
            </Button>
          }
        >
          {missing ? 'This author does not exist or is not yours.' : formErrorOf(error, AUTHOR_MESSAGES.fetchOne)}
        </Alert>
      </>
    );
  }

  const name = authorName(author);
  const theirProjects = (projects ?? []).filter((p) => p.authorId === author.id);

  const remove = async (): Promise<string | null> => {
    try {
      await deleteAuthor(author.id);
      await forgetAuthor(author.id);
      toast.success(`${name} was deleted`);
      void navigate('/stage/authors', { replace: true });
      return null;
    } catch (err) {
      // 409: the author still has projects; the server says how many and what to do.
      const message = formErrorOf(err, AUTHOR_MESSAGES.delete);
      toast.error(AUTHOR_MESSAGES.delete, { description: message === AUTHOR_MESSAGES.delete ? undefined : message });
      return message;
    }
  };

  return (
    <>
      <PageHeader
        title={
          <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 2, minWidth: 0 }}>
            <AuthorAvatar author={author} size={48} />
            <Box component="span" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              {name}
            </Box>
          </Box>
        }
        description={projectCountLabel(author.projectCount)}
      />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 560px) minmax(0, 1fr)' } }}>
        <FormCard>
          <Typography variant="h6" component="h2" sx={{ mb: 2.5 }}>
            Details
          </Typography>
          {/* A new key resets the form to the saved values after each save. */}
          <AuthorForm key={author.updatedAt} author={author} />
        </FormCard>
        <Box sx={{ display: 'grid', gap: 3, alignContent: 'start' }}>
          <Card>
            <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
              <Typography variant="h6" component="h2">
                Projects
              </Typography>
              {theirProjects.length === 0 ? (
                <Typography color="text.secondary" sx={{ mt: 1 }}>
                  No projects by this author yet.
                </Typography>
              ) : (
                <List dense disablePadding sx={{ mt: 1 }}>
                  {theirProjects.map((p) => (
                    <ListItem
                      key={p.id}
                      disableGutters
                      sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}
                    >
                      <Link component={RouterLink} to={`/stage/projects/${p.id}`} noWrap sx={{ minWidth: 0 }}>
                        {p.title}
                      </Link>
                      <Typography variant="body2" color="text.secondary" sx={{ flexShrink: 0 }}>
                        {chapterLabel(p.chapterCount)}
                      </Typography>
                    </ListItem>
                  ))}
                </List>
              )}
            </CardContent>
          </Card>
          <Card sx={{ borderColor: 'error.main' }}>
            <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
              <Typography variant="h6" component="h2">
                Delete author
              </Typography>
              <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
                {author.projectCount > 0
                  ? 'An author with projects cannot be deleted. Delete their projects or give them another author first.'
                  : 'Deleting an author cannot be undone.'}
              </Typography>
              <Button
                color="error"
                variant="outlined"
                startIcon={<DeleteOutline />}
                onClick={() => setConfirming(true)}
              >
                Delete author
              </Button>
            </CardContent>
          </Card>
        </Box>
      </Box>
      <DeleteAuthorDialog open={confirming} name={name} onClose={() => setConfirming(false)} onConfirm={remove} />
    </>
  );
}
