// The header's bell (PRODUCT.md: "the notifications button lists the user's recent analysis
// completions and failures"; issue 19 adds the trial and payment notices): the unread count on the
// bell, the newest notifications in a popover, each leading to its project (or the subscription
// page) and marked read on the way; "Mark all read" for the lot.
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  Badge,
  Box,
  Button,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Popover,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import HourglassBottomIcon from '@mui/icons-material/HourglassBottom';
import CreditCardOffIcon from '@mui/icons-material/CreditCardOff';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import { toast } from 'sonner';
import {
  markAllNotificationsRead,
  markNotificationRead,
  revalidateNotifications,
  useNotifications,
  type Notification,
} from '../api/notifications-api';
import { timeAgo } from './notifications/time-ago';

const ICONS: Record<Notification['kind'], { icon: typeof TaskAltIcon; color: 'success' | 'error' | 'warning' }> = {
  analysis_completed: { icon: TaskAltIcon, color: 'success' },
  analysis_failed: { icon: ErrorOutlineIcon, color: 'error' },
  trial_ending: { icon: HourglassBottomIcon, color: 'warning' },
  payment_failed: { icon: CreditCardOffIcon, color: 'error' },
};

const failedToast = (err: unknown) => toast.error((err as Error).message);

export function NotificationsButton() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const navigate = useNavigate();
  const { data } = useNotifications();
  const unread = data?.unreadCount ?? 0;
  const notifications = data?.notifications ?? [];
  const label = unread ? `Notifications (${unread} unread)` : 'Notifications';

  const open = (n: Notification) => {
    setAnchor(null);
    if (n.readAt === null) markNotificationRead(n.id).catch(failedToast);
    navigate(n.link);
  };

  return (
    <>
      <Tooltip title="Notifications">
        <IconButton
          aria-label={label}
          onClick={(e) => {
            setAnchor(e.currentTarget);
            void revalidateNotifications();
          }}
        >
          <Badge badgeContent={unread} color="error" max={99}>
            <NotificationsNoneOutlined />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 360, maxWidth: 'calc(100vw - 24px)', mt: 1 } } }}
      >
        <Stack
          direction="row"
          sx={{ px: 2, py: 1, borderBottom: 1, borderColor: 'divider', alignItems: 'center', minHeight: 48 }}
        >
          <Typography
            ref={headingRef}
            component="h2"
            tabIndex={-1}
            fontWeight={650}
            sx={{ flex: 1, '&:focus': { outline: 'none' } }}
          >
            Notifications
          </Typography>
          {unread > 0 && (
            <Button
              size="small"
              startIcon={<DoneAllIcon />}
              onClick={() => {
                // The button goes once nothing is unread: focus stays in the popover (on its heading),
                // not on the page behind it, so Esc still closes it.
                headingRef.current?.focus();
                markAllNotificationsRead().catch(failedToast);
              }}
            >
              Mark all read
            </Button>
          )}
        </Stack>
        {notifications.length === 0 ? (
          <Box sx={{ p: 3, textAlign: 'center' }}>
            <NotificationsNoneOutlined color="disabled" sx={{ fontSize: 40, mb: 1 }} />
            <Typography fontWeight={600}>No notifications</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              When an analysis of one of your projects finishes or fails, it is listed here.
            </Typography>
          </Box>
        ) : (
          <List
            dense
            disablePadding
            aria-label="Notifications"
            sx={{ maxHeight: 'min(440px, 70vh)', overflowY: 'auto' }}
          >
            {notifications.map((n) => (
              <NotificationRow key={n.id} notification={n} onOpen={() => open(n)} />
            ))}
          </List>
        )}
      </Popover>
    </>
  );
}

function NotificationRow({ notification: n, onOpen }: { notification: Notification; onOpen(): void }) {
  const { icon: Icon, color } = ICONS[n.kind];
  const unread = n.readAt === null;
  return (
    <ListItem
      disablePadding
      divider
      secondaryAction={
        unread ? (
          <Tooltip title="Mark as read">
            <IconButton
              edge="end"
              size="small"
              aria-label={`Mark “${n.title}” as read`}
              onClick={() => markNotificationRead(n.id).catch(failedToast)}
            >
              <Box
                component="span"
                sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: 'primary.main', display: 'block' }}
              />
            </IconButton>
          </Tooltip>
        ) : undefined
      }
    >
      <ListItemButton
        onClick={onOpen}
        sx={{ alignItems: 'flex-start', py: 1.25, pr: unread ? 6 : 2, bgcolor: unread ? 'action.hover' : undefined }}
      >
        <ListItemIcon sx={{ minWidth: 36, mt: 0.25 }}>
          <Icon color={color} fontSize="small" />
        </ListItemIcon>
        <ListItemText
          primary={n.title}
          secondary={
            <>
              <Box component="span" sx={{ display: 'block', color: 'text.secondary', overflowWrap: 'anywhere' }}>
                {n.message}
              </Box>
              <Box
                component="time"
                dateTime={n.createdAt}
                title={new Date(n.createdAt).toLocaleString()}
                sx={{ display: 'block', mt: 0.5, color: 'text.secondary', fontSize: 12 }}
              >
                {timeAgo(n.createdAt)}
              </Box>
            </>
          }
          slotProps={{
            primary: { sx: { fontWeight: unread ? 650 : 500 } },
            secondary: { component: 'span' },
          }}
        />
      </ListItemButton>
    </ListItem>
  );
}
