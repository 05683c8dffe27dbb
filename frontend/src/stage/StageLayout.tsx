// The signed-in app under /stage: guard, sidebar, header and the page.
import { Outlet } from 'react-router-dom';
import { Box } from '@mui/material';
import { RequireAuth } from '../auth/RequireAuth';
import { Sidebar } from './Sidebar';
import { StageHeader } from './StageHeader';
import { useSidebar } from './use-sidebar';

export default function StageLayout() {
  const sidebar = useSidebar();
  return (
    <RequireAuth>
      <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
        <Sidebar
          mobile={sidebar.mobile}
          expanded={sidebar.expanded}
          drawerOpen={sidebar.drawerOpen}
          onClose={sidebar.closeDrawer}
        />
        <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
          <StageHeader
            onToggleSidebar={sidebar.toggle}
            sidebarExpanded={sidebar.mobile ? sidebar.drawerOpen : sidebar.expanded}
          />
          <Box
            component="main"
            sx={{
              flexGrow: 1,
              px: { xs: 2, sm: 3, md: 5 },
              py: { xs: 3, md: 5 },
              maxWidth: 1200,
              width: '100%',
              mx: 'auto',
            }}
          >
            <Outlet />
          </Box>
        </Box>
      </Box>
    </RequireAuth>
  );
}
