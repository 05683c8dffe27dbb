// The sticky public header (SPEC §2). The mobile menu closes itself once the window is 768 px or wider.
import { lazy, Suspense, useEffect, useState } from 'react';
import { NavLink, Link as RouterLink, useLocation } from 'react-router-dom';
import { AppBar, Box, Button, Collapse, Container, IconButton, Stack, Toolbar, useMediaQuery } from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import CloseIcon from '@mui/icons-material/Close';
import { Logo } from '../components/Logo';
import { useAuth } from '../auth/auth-context';
import { MOBILE_BREAKPOINT_PX } from '../config';

// Only signed-in visitors see the avatar menu, so everyone else never downloads it.
const UserMenu = lazy(() => import('./UserMenu').then((m) => ({ default: m.UserMenu })));

const LINKS = [
  { label: 'Home', to: '/' },
  { label: 'Features', to: '/features' },
  { label: 'Pricing', to: '/pricing' },
];

const navSx = {
  color: 'text.secondary',
  fontWeight: 550,
  px: 1.5,
  '&.active': { color: 'text.primary' },
  '&:hover': { color: 'text.primary', bgcolor: 'action.hover' },
} as const;

export function PublicHeader() {
  const { user, status } = useAuth();
  const [open, setOpen] = useState(false);
  const wide = useMediaQuery(`(min-width:${MOBILE_BREAKPOINT_PX}px)`, { noSsr: true });
  const { pathname } = useLocation();

  // Close on wide windows and after following a link.
  useEffect(() => {
    if (wide) setOpen(false);
  }, [wide]);
  useEffect(() => setOpen(false), [pathname]);

  const signedIn = status === 'authenticated' && !!user;
  return (
    <AppBar
      position="sticky"
      color="inherit"
      elevation={0}
      sx={{
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: 'rgba(255,255,255,0.86)',
        backdropFilter: 'saturate(180%) blur(12px)',
      }}
    >
      <Container maxWidth="lg">
        <Toolbar disableGutters sx={{ gap: 2, minHeight: { xs: 60, md: 68 } }}>
          <Logo />
          <Stack
            component="nav"
            aria-label="Main"
            direction="row"
            spacing={0.5}
            sx={{ display: { xs: 'none', md: 'flex' }, ml: 3 }}
          >
            {LINKS.map((l) => (
              <Button key={l.to} component={NavLink} to={l.to} end sx={navSx}>
                {l.label}
              </Button>
            ))}
          </Stack>
          <Box sx={{ flexGrow: 1 }} />
          {signedIn ? (
            <Stack direction="row" spacing={1.5} alignItems="center">
              <Button
                component={RouterLink}
                to="/stage"
                variant="contained"
                sx={{ display: { xs: 'none', md: 'inline-flex' } }}
              >
                Open Castbook
              </Button>
              <Suspense fallback={<Box sx={{ width: 41, height: 41 }} />}>
                <UserMenu user={user} />
              </Suspense>
            </Stack>
          ) : (
            <Stack direction="row" spacing={1} sx={{ display: { xs: 'none', md: 'flex' } }}>
              <Button component={RouterLink} to="/login" sx={navSx}>
                Sign In
              </Button>
              <Button component={RouterLink} to="/register" variant="contained">
                Sign Up Free
              </Button>
            </Stack>
          )}
          <IconButton
            aria-label={open ? 'Close menu' : 'Open menu'}
            aria-expanded={open}
            aria-controls="mobile-menu"
            onClick={() => setOpen((o) => !o)}
            sx={{ display: { md: 'none' } }}
          >
            {open ? <CloseIcon /> : <MenuIcon />}
          </IconButton>
        </Toolbar>
        <Collapse in={open && !wide} unmountOnExit>
          <Stack id="mobile-menu" component="nav" aria-label="Mobile" spacing={0.5} sx={{ pb: 2 }}>
            {LINKS.map((l) => (
              <Button key={l.to} component={NavLink} to={l.to} end sx={{ ...navSx, justifyContent: 'flex-start' }}>
                {l.label}
              </Button>
            ))}
            {signedIn ? (
              <Button component={RouterLink} to="/stage" variant="contained">
                Open Castbook
              </Button>
            ) : (
              <Stack direction="row" spacing={1} sx={{ pt: 1 }}>
                <Button component={RouterLink} to="/login" variant="outlined" fullWidth>
                  Sign In
                </Button>
                <Button component={RouterLink} to="/register" variant="contained" fullWidth>
                  Sign Up Free
                </Button>
              </Stack>
            )}
          </Stack>
        </Collapse>
      </Container>
    </AppBar>
  );
}
