// The stage sidebar (SPEC §2, §9): 16rem expanded, 4rem as icons, an 18rem drawer on phones.
import { NavLink, useLocation } from 'react-router-dom';
import { Box, Drawer, List, ListItemButton, ListItemIcon, ListItemText, ListSubheader, Tooltip } from '@mui/material';
import { Logo } from '../components/Logo';
import { readyPages, SIDEBAR_PAGES } from '../nav/pages';
import { SIDEBAR_WIDTH, SIDEBAR_WIDTH_ICON, SIDEBAR_WIDTH_MOBILE } from '../config';
import { UserBlock } from './UserBlock';

const PAGES = readyPages(SIDEBAR_PAGES);

function isActive(pathname: string, path: string) {
  return path === '/stage' ? pathname === '/stage' || pathname === '/stage/' : pathname.startsWith(path);
}

function SidebarContent({ compact, onNavigate }: { compact: boolean; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Box
        sx={{
          height: 64,
          display: 'flex',
          alignItems: 'center',
          px: compact ? 0 : 2.5,
          justifyContent: compact ? 'center' : 'flex-start',
        }}
      >
        <Logo to="/stage" compact={compact} />
      </Box>
      <List
        component="nav"
        aria-label="Manage your tasks"
        sx={{ px: compact ? 1 : 1.5, flexGrow: 1 }}
        subheader={
          compact ? undefined : (
            <ListSubheader
              component="div"
              disableSticky
              sx={{
                bgcolor: 'transparent',
                lineHeight: '32px',
                fontSize: '0.72rem',
                fontWeight: 700,
                letterSpacing: '0.08em',
                textTransform: 'uppercase',
                color: 'text.secondary',
              }}
            >
              Manage your tasks
            </ListSubheader>
          )
        }
      >
        {PAGES.map(({ title, path, icon: Icon }) => {
          const active = isActive(pathname, path);
          const item = (
            <ListItemButton
              key={path}
              component={NavLink}
              to={path}
              end={path === '/stage'}
              onClick={onNavigate}
              aria-label={compact ? title : undefined}
              selected={active}
              sx={{
                borderRadius: 2,
                mb: 0.5,
                minHeight: 42,
                justifyContent: compact ? 'center' : 'flex-start',
                px: compact ? 0 : 1.5,
                '&.Mui-selected': {
                  bgcolor: 'rgba(99,102,241,0.14)',
                  color: 'primary.main',
                  '& .MuiListItemIcon-root': { color: 'primary.main' },
                },
              }}
            >
              <ListItemIcon sx={{ minWidth: compact ? 0 : 38, color: 'text.secondary' }}>
                <Icon fontSize="small" />
              </ListItemIcon>
              {!compact && (
                <ListItemText
                  primary={title}
                  slotProps={{ primary: { fontWeight: active ? 650 : 550, fontSize: '0.93rem' } }}
                />
              )}
            </ListItemButton>
          );
          return compact ? (
            <Tooltip key={path} title={title} placement="right">
              {item}
            </Tooltip>
          ) : (
            item
          );
        })}
      </List>
      <UserBlock compact={compact} />
    </Box>
  );
}

export function Sidebar({
  mobile,
  expanded,
  drawerOpen,
  onClose,
}: {
  mobile: boolean;
  expanded: boolean;
  drawerOpen: boolean;
  onClose: () => void;
}) {
  if (mobile) {
    return (
      <Drawer open={drawerOpen} onClose={onClose} slotProps={{ paper: { sx: { width: SIDEBAR_WIDTH_MOBILE } } }}>
        <SidebarContent compact={false} onNavigate={onClose} />
      </Drawer>
    );
  }
  const width = expanded ? SIDEBAR_WIDTH : SIDEBAR_WIDTH_ICON;
  return (
    <Box
      component="aside"
      data-state={expanded ? 'expanded' : 'collapsed'}
      sx={{ width, flexShrink: 0, transition: 'width 180ms ease' }}
    >
      <Box
        sx={{
          position: 'fixed',
          top: 0,
          bottom: 0,
          width,
          borderRight: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
          transition: 'width 180ms ease',
          overflowX: 'hidden',
        }}
      >
        <SidebarContent compact={!expanded} />
      </Box>
    </Box>
  );
}
