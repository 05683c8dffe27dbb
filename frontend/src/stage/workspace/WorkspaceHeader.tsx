// The workspace's header: the book's title and author, then its actions (Analyze, Export, Review,
// Settings), which wrap under the title on a phone.
import { Box, Stack, Typography } from '@mui/material';

export function WorkspaceHeader({
  title,
  author,
  children,
}: {
  title: string;
  author: { firstName: string; lastName: string } | null | undefined;
  /** The actions, in order. */
  children: React.ReactNode;
}) {
  const by = author ? `${author.firstName} ${author.lastName}`.trim() : 'Unknown Author';
  return (
    <Box
      component="header"
      sx={{ display: 'flex', alignItems: { xs: 'flex-start', sm: 'center' }, gap: 2, flexWrap: 'wrap' }}
    >
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography variant="h4" component="h1" noWrap title={title} sx={{ fontSize: { xs: '1.4rem', md: '1.75rem' } }}>
          {title}
        </Typography>
        <Typography color="text.secondary" noWrap>
          by {by}
        </Typography>
      </Box>
      {/* Wraps on a phone: Analyze, Export and Settings are wider than 390 px together. */}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {children}
      </Stack>
    </Box>
  );
}
