// The signed-in avatar menu of the public header (SPEC §2).
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Divider, IconButton, ListItemIcon, Menu, MenuItem, Typography } from '@mui/material';
import Logout from '@mui/icons-material/Logout';
import type { User } from '@castbook/contracts';
import { UserAvatar } from '../components/UserAvatar';
import { useLogout } from '../auth/use-logout';
import { readyPages, SIDEBAR_PAGES } from '../nav/pages';

// SPEC lists Projects, Authors and Support here; only those whose screens exist are offered.
const MENU_PAGES = readyPages(SIDEBAR_PAGES.filter((p) => p.title !== 'Settings'));

export function UserMenu({ user }: { user: User }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const logout = useLogout();
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton aria-label="Account menu" onClick={(e) => setAnchor(e.currentTarget)} sx={{ p: 0.25 }}>
        <UserAvatar user={user} size={36} />
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={!!anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 220, mt: 1 } } }}
      >
        <Box sx={{ px: 2, py: 1.25 }}>
          <Typography fontWeight={650}>{user.name}</Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {user.email}
          </Typography>
        </Box>
        <Divider />
        {MENU_PAGES.map(({ title, path, icon: Icon }) => (
          <MenuItem key={path} component={RouterLink} to={path} onClick={close}>
            <ListItemIcon>
              <Icon fontSize="small" />
            </ListItemIcon>
            {title}
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            void logout();
          }}
        >
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          Log out
        </MenuItem>
      </Menu>
    </>
  );
}
