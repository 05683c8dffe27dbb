// The sidebar's state: expanded or icons-only on wide screens (kept 7 days), a drawer on phones,
// and Ctrl/Cmd+B to toggle whichever applies.
import { useCallback, useEffect, useState } from 'react';
import { useMediaQuery } from '@mui/material';
import { MOBILE_BREAKPOINT_PX } from '../config';
import { loadSidebarOpen, saveSidebarOpen } from './sidebar-state';

export function useSidebar() {
  const mobile = !useMediaQuery(`(min-width:${MOBILE_BREAKPOINT_PX}px)`, { noSsr: true });
  const [expanded, setExpanded] = useState(loadSidebarOpen);
  const [drawerOpen, setDrawerOpen] = useState(false);

  const toggle = useCallback(() => {
    if (mobile) {
      setDrawerOpen((o) => !o);
      return;
    }
    setExpanded((e) => {
      saveSidebarOpen(!e);
      return !e;
    });
  }, [mobile]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'b') {
        e.preventDefault();
        toggle();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [toggle]);

  useEffect(() => {
    if (!mobile) setDrawerOpen(false);
  }, [mobile]);

  return { mobile, expanded, drawerOpen, toggle, closeDrawer: () => setDrawerOpen(false) };
}
