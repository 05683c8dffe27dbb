// Everything every page shares: the theme (dark only under /stage), toasts and scroll restoration.
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { Toaster } from 'sonner';
import { AppTheme } from './theme/AppTheme';
import { useColorMode } from './theme/color-mode';
import { TOAST_DURATION_MS, TOASTS_VISIBLE } from './config';

// sonner's light rich colours put text on a pale tint below WCAG AA's 4.5:1 (success about 4.3:1);
// the same hues, darker, pass. Its dark theme already passes. Set as the variables sonner reads.
const LIGHT_TOAST_TEXT = {
  '--success-text': 'hsl(140, 100%, 22%)',
  '--info-text': 'hsl(210, 92%, 38%)',
  '--warning-text': 'hsl(31, 92%, 28%)',
  '--error-text': 'hsl(360, 100%, 38%)',
} as React.CSSProperties;

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
      style={mode === 'light' ? LIGHT_TOAST_TEXT : undefined}
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
