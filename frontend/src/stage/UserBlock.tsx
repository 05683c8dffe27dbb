import { Box, IconButton, Tooltip, Typography } from '@mui/material';
import Logout from '@mui/icons-material/Logout';
import { useAuth } from '../auth/auth-context';
import { useLogout } from '../auth/use-logout';
import { UserAvatar } from '../components/UserAvatar';

/** The signed-in user at the foot of the sidebar, with the logout action. */
export function UserBlock({ compact }: { compact: boolean }) {
  const { user } = useAuth();
  const logout = useLogout();
  if (!user) return null;
  const logoutButton = (
    <Tooltip title="Log out" placement={compact ? 'right' : 'top'}>
      <IconButton aria-label="Log out" onClick={() => void logout()} size="small">
        <Logout fontSize="small" />
      </IconButton>
    </Tooltip>
  );
  if (compact) {
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, py: 1.5 }}>
        <UserAvatar user={user} size={32} />
        {logoutButton}
      </Box>
    );
  }
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.25,
        p: 1.5,
        m: 1,
        borderRadius: 2.5,
        bgcolor: 'action.hover',
      }}
    >
      <UserAvatar user={user} size={36} />
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Typography fontWeight={650} noWrap fontSize="0.92rem">
          {user.name}
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap fontSize="0.8rem">
          {user.email}
        </Typography>
      </Box>
      {logoutButton}
    </Box>
  );
}
