// The error screens of SPEC §2: a title per route ('Error' at the root) and the error's message.
import { isRouteErrorResponse, Link as RouterLink, useRouteError } from 'react-router-dom';
import { Box, Button, Typography } from '@mui/material';

export function errorMessage(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : 'Something went wrong.';
}

export function RouteError({ title = 'Error' }: { title?: string }) {
  const error = useRouteError();
  return (
    <Box role="alert" sx={{ minHeight: '60vh', display: 'grid', placeItems: 'center', p: 4, textAlign: 'center' }}>
      <Box sx={{ maxWidth: 520 }}>
        <Typography variant="h4" component="h1" gutterBottom>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3, wordBreak: 'break-word' }}>
          {errorMessage(error)}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'center' }}>
          <Button variant="contained" onClick={() => window.location.reload()}>
            Reload
          </Button>
          <Button component={RouterLink} to="/" variant="outlined">
            Go home
          </Button>
        </Box>
      </Box>
    </Box>
  );
}
