// Everything every page shares: the theme (dark only under /stage), toasts and scroll restoration.
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { Toaster } from 'sonner';
import { AppTheme } from './theme/AppTheme';
import { useColorMode } from './theme/color-mode';
import { TOAST_DURATION_MS, TOASTS_VISIBLE } from './config';

function Toasts() {
  const { mode } = useColorMode();
  // sonner's toasts are 356 px wide by default (SPEC §9).
  return (
    <Toaster
      theme={mode}
      position="bottom-right"
      duration={TOAST_DURATION_MS}
      visibleToasts={TOASTS_VISIBLE}
      richColors
      closeButton
    />
  );
}

export default function RootLayout() {
  return (
    <AppTheme>
      <Outlet />
      <Toasts />
      <ScrollRestoration />
    </AppTheme>
  );
}
