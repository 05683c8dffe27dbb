// The stage header: sidebar toggle, breadcrumbs, search, notifications, settings and the theme switch.
import { useCallback, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, IconButton, Tooltip } from '@mui/material';
import MenuOpen from '@mui/icons-material/MenuOpen';
import MenuIcon from '@mui/icons-material/Menu';
import SearchIcon from '@mui/icons-material/Search';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import { useColorMode } from '../theme/color-mode';
import { CommandPalette, useCommandPaletteShortcut } from './CommandPalette';
import { NotificationsButton } from './NotificationsButton';
import { StageBreadcrumbs } from './StageBreadcrumbs';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

export function StageHeader({
  onToggleSidebar,
  sidebarExpanded,
}: {
  onToggleSidebar: () => void;
  sidebarExpanded: boolean;
}) {
  const { mode, toggle } = useColorMode();
  const [paletteOpen, setPaletteOpen] = useState(false);
  const openPalette = useCallback(() => setPaletteOpen(true), []);
  useCommandPaletteShortcut(openPalette);

  return (
    <Box
      component="header"
      sx={{
        position: 'sticky',
        top: 0,
        zIndex: 10,
        height: 64,
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: { xs: 1, sm: 2, md: 3 },
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: 'background.default',
        backdropFilter: 'blur(8px)',
      }}
    >
      <Tooltip title={`Toggle sidebar (${isMac ? '⌘' : 'Ctrl'}+B)`}>
        <IconButton aria-label="Toggle sidebar" onClick={onToggleSidebar} edge="start">
          {sidebarExpanded ? <MenuOpen /> : <MenuIcon />}
        </IconButton>
      </Tooltip>
      <Box sx={{ minWidth: 0, flexGrow: 1, ml: 0.5 }}>
        <StageBreadcrumbs />
      </Box>
      <Button
        onClick={openPalette}
        aria-label="Search"
        startIcon={<SearchIcon />}
        variant="outlined"
        color="inherit"
        sx={{
          display: { xs: 'none', md: 'inline-flex' },
          color: 'text.secondary',
          borderColor: 'divider',
          fontWeight: 500,
          minWidth: 220,
          justifyContent: 'flex-start',
        }}
      >
        Search…
        <Box
          component="kbd"
          sx={{
            ml: 'auto',
            fontFamily: 'inherit',
            fontSize: '0.75rem',
            px: 0.75,
            py: 0.125,
            borderRadius: 1,
            border: 1,
            borderColor: 'divider',
          }}
        >
          {isMac ? '⌘K' : 'Ctrl K'}
        </Box>
      </Button>
      <Tooltip title="Search">
        <IconButton aria-label="Search pages" onClick={openPalette} sx={{ display: { md: 'none' } }}>
          <SearchIcon />
        </IconButton>
      </Tooltip>
      <NotificationsButton />
      <Tooltip title="Settings">
        <IconButton aria-label="Settings" component={RouterLink} to="/stage/settings">
          <SettingsOutlined />
        </IconButton>
      </Tooltip>
      <Tooltip title={mode === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}>
        <IconButton aria-label={mode === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'} onClick={toggle}>
          {mode === 'dark' ? <LightModeOutlined /> : <DarkModeOutlined />}
        </IconButton>
      </Tooltip>
      <CommandPalette open={paletteOpen} onClose={() => setPaletteOpen(false)} />
    </Box>
  );
}
