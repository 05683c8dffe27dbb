// /stage/authors: the caller's authors as cards (avatar or initials, full name, project count) and
// the New Author dialog (SPEC §2).
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Card, CardActionArea, Grid, Skeleton, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import type { Author } from '@castbook/contracts';
import { AUTHOR_MESSAGES, authorName, useAuthors } from '../../api/authors-api';
import { EmptyState } from '../EmptyState';
import { PageHeader } from '../PageHeader';
import { projectCountLabel } from '../projects/project-limit';
import { AuthorAvatar } from './AuthorAvatar';
import { NewAuthorDialog } from './NewAuthorDialog';
import { toast } from 'sonner';

function AuthorCard({ author }: { author: Author }) {
  return (
    <Card
      sx={{
        height: '100%',
        transition: 'border-color 120ms, box-shadow 120ms',
        '&:hover': { borderColor: 'primary.main', boxShadow: '0 8px 24px rgba(79,70,229,0.10)' },
      }}
    >
      <CardActionArea
        component={RouterLink}
        to={`/stage/authors/${author.id}`}
        sx={{ height: '100%', p: 2.5, display: 'flex', alignItems: 'center', justifyContent: 'flex-start', gap: 2 }}
      >
        <AuthorAvatar author={author} size={52} />
        <Box sx={{ minWidth: 0 }}>
          <Typography component="h2" variant="subtitle1" fontWeight={650} noWrap title={authorName(author)}>
            {authorName(author)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {projectCountLabel(author.projectCount)}
          </Typography>
        </Box>
      </CardActionArea>
    </Card>
  );
}

export default function AuthorsPage() {
  const [creating, setCreating] = useState(false);
  const { data, error, isLoading } = useAuthors();

  useEffect(() => {
    if (error) toast.error(AUTHOR_MESSAGES.fetchAll, { id: 'authors-load' });
  }, [error]);

  const authors = data ?? [];
  return (
    <>
      <PageHeader
        title="Authors"
        description="Projects are organised by author."
        action={
          <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)}>
            New Author
          </Button>
        }
      />
      {isLoading ? (
        <Grid container spacing={2.5} role="status" aria-busy="true" aria-label="Loading authors">
          {[0, 1, 2].map((i) => (
            <Grid key={i} size={{ xs: 12, sm: 6, lg: 4 }}>
              <Skeleton variant="rounded" height={92} />
            </Grid>
          ))}
        </Grid>
      ) : authors.length === 0 ? (
        <EmptyState
          text="No authors found. Create one to get started."
          action={
            <Button variant="outlined" startIcon={<Add />} onClick={() => setCreating(true)}>
              New Author
            </Button>
          }
        />
      ) : (
        <Grid container spacing={2.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Authors">
          {authors.map((a) => (
            <Grid key={a.id} size={{ xs: 12, sm: 6, lg: 4 }} component="li">
              <AuthorCard author={a} />
            </Grid>
          ))}
        </Grid>
      )}
      <NewAuthorDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
