// The error screens of SPEC §2: a title per route ('Error' at the root) and the error's message, either
// as a whole screen (root, landing, sign-in, sign-up, stage) or as a panel inside the page's layout
// (pricing, features and the stage's pages).
//
// The commonest real cause is a page's code failing to download (a flaky network, or a tab left open
// across a deploy); the e2e suite forces exactly that by aborting the page's chunk (e2e/public-site.spec.ts).
import type { RouteObject } from 'react-router-dom';
import { isRouteErrorResponse, Link as RouterLink, useRouteError } from 'react-router-dom';
import { Box, Button, Typography } from '@mui/material';
import ErrorOutline from '@mui/icons-material/ErrorOutline';

export function errorMessage(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : 'Something went wrong.';
}

/** A page whose code could not be downloaded: reloading is the fix, so say so. */
export function isChunkLoadError(error: unknown): boolean {
  const message = errorMessage(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported/i.test(
    message,
  );
}

function hint(error: unknown): string {
  const inStage = window.location.pathname.startsWith('/stage');
  if (isChunkLoadError(error))
    return inStage
      ? 'Castbook could not download this page. Check your connection and reload; your work is saved on the server.'
      : 'Castbook could not download this page. Check your connection and reload.';
  return inStage
    ? 'Reload the page to try again. If it keeps happening, sign out and back in.'
    : 'Reload the page to try again.';
}

export function RouteError({
  title = 'Error',
  homePath = '/',
  inLayout = false,
}: {
  title?: string;
  homePath?: string;
  /** Rendered inside a layout that already has the page's <main>. */
  inLayout?: boolean;
}) {
  const error = useRouteError();
  return (
    <Box
      role="alert"
      component={inLayout ? 'div' : 'main'}
      sx={{ minHeight: '60vh', display: 'grid', placeItems: 'center', p: 4, textAlign: 'center' }}
    >
      <Box sx={{ maxWidth: 560 }}>
        <ErrorOutline color="error" sx={{ fontSize: 48, mb: 1 }} />
        <Typography variant="h4" component="h1" gutterBottom>
          {title}
        </Typography>
        <Typography data-testid="error-message" sx={{ mb: 1.5, wordBreak: 'break-word', fontWeight: 500 }}>
          {errorMessage(error)}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {hint(error)}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'center' }}>
          <Button variant="contained" onClick={() => window.location.reload()}>
            Reload
          </Button>
          <Button component={RouterLink} to={homePath} variant="outlined">
            {homePath === '/' ? 'Go home' : 'Back to dashboard'}
          </Button>
        </Box>
      </Box>
    </Box>
  );
}

/** The error panel of a page that keeps its layout (header and footer, or the stage's sidebar). Plain
 * boxes rather than an Alert: this is in the entry chunk every page downloads. */
export function RouteErrorPanel({ title }: { title: string }) {
  const error = useRouteError();
  return (
    <Box sx={{ maxWidth: 760, mx: 'auto', px: 2, py: { xs: 5, md: 8 } }}>
      <Box
        role="alert"
        sx={{
          display: 'flex',
          gap: 2,
          p: { xs: 2.5, sm: 3 },
          border: 1,
          borderColor: 'error.main',
          borderRadius: 3,
          bgcolor: (t) => (t.palette.mode === 'dark' ? 'rgba(244,67,54,0.08)' : '#fef2f2'),
        }}
      >
        <ErrorOutline color="error" sx={{ mt: 0.25 }} />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="h1" sx={{ fontWeight: 700 }}>
            {title}
          </Typography>
          <Typography data-testid="error-message" sx={{ mt: 0.5, wordBreak: 'break-word', fontWeight: 500 }}>
            {errorMessage(error)}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {hint(error)}
          </Typography>
          <Button
            variant="contained"
            size="small"
            color="error"
            onClick={() => window.location.reload()}
            sx={{ mt: 2 }}
          >
            Reload
          </Button>
        </Box>
      </Box>
    </Box>
  );
}

/** Gives every route of a list that has none its own error panel, so one page failing keeps the layout. */
export function withErrorPanel(title: string, list: RouteObject[]): RouteObject[] {
  return list.map((r) => ({ errorElement: <RouteErrorPanel title={title} />, ...r }) as RouteObject);
}
