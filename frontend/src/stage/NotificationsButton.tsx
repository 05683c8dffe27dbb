// Notifications (PRODUCT.md) list the user's recent analysis completions and failures. No analysis
// has run yet in this release, so the list is honestly empty.
import { useState } from 'react';
import { Box, IconButton, Popover, Tooltip, Typography } from '@mui/material';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';

export function NotificationsButton() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Tooltip title="Notifications">
        <IconButton aria-label="Notifications" onClick={(e) => setAnchor(e.currentTarget)}>
          <NotificationsNoneOutlined />
        </IconButton>
      </Tooltip>
      <Popover
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 320, maxWidth: 'calc(100vw - 24px)', mt: 1 } } }}
      >
        <Box sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
          <Typography fontWeight={650}>Notifications</Typography>
        </Box>
        <Box sx={{ p: 3, textAlign: 'center' }}>
          <NotificationsNoneOutlined color="disabled" sx={{ fontSize: 40, mb: 1 }} />
          <Typography fontWeight={600}>No notifications</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            When an analysis of one of your projects finishes or fails, it is listed here.
          </Typography>
        </Box>
      </Popover>
    </>
  );
}
