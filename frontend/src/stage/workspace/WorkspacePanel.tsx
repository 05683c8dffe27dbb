// One of the workspace's panels (Book Structure, Characters): a titled section scrolling on its own.
import { Box, Paper, Typography } from '@mui/material';

export function WorkspacePanel({
  title,
  action,
  mobile,
  children,
}: {
  title: string;
  action?: React.ReactNode;
  mobile?: boolean;
  children: React.ReactNode;
}) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={title}
      sx={{
        height: mobile ? undefined : '100%',
        flexGrow: mobile ? 1 : undefined,
        minHeight: 0,
        display: 'flex',
        flexDirection: 'column',
        overflow: 'hidden',
        borderRadius: 3,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, pt: 1.5, pb: 1 }}>
        <Typography component="h2" variant="subtitle2" sx={{ flexGrow: 1, fontWeight: 700 }}>
          {title}
        </Typography>
        {action}
      </Box>
      {/* Contained: what changes beside it (the filter bar over the text, a search's marks) does not
          lay out its hundreds of rows or cards again, nor do they the rest of the page. */}
      <Box sx={{ overflowY: 'auto', flexGrow: 1, minHeight: 0, contain: 'strict' }}>{children}</Box>
    </Paper>
  );
}
