// The guard of every /stage route (SPEC §2): signed-out visitors go to /login with `redirect`, and
// while the session is being (re)established the content is dimmed and cannot be used.
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Box, CircularProgress } from '@mui/material';
import { useAuth } from './auth-context';
import { loginUrlFor, logoutTarget } from './redirect';

export function RequireAuth({ children }: { children: ReactNode }) {
  const { status, user, signedOutBy } = useAuth();
  const location = useLocation();

  if (status === 'unauthenticated') {
    // Someone who logged out on purpose is not sent back where they were after the next sign-in.
    const to = signedOutBy
      ? logoutTarget(signedOutBy === 'logout')
      : loginUrlFor(location.pathname + location.search + location.hash);
    return <Navigate to={to} replace />;
  }
  if (!user) {
    return (
      <Box
        role="status"
        aria-label="Checking your session"
        sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}
      >
        <CircularProgress />
      </Box>
    );
  }
  const busy = status === 'authenticating' || status === 'logout';
  return (
    <Box
      aria-busy={busy}
      data-auth-status={status}
      sx={busy ? { opacity: 0.5, pointerEvents: 'none', userSelect: 'none', transition: 'opacity 150ms' } : undefined}
      inert={busy || undefined}
    >
      {children}
    </Box>
  );
}
