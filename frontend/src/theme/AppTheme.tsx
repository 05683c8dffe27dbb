// Dark theme applies only under /stage (SPEC §2); public pages are always light.
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { CssBaseline, ThemeProvider, useMediaQuery, type PaletteMode } from '@mui/material';
import { ColorModeContext, readStoredMode, storeMode } from './color-mode';
import { createAppTheme } from './theme';

export function AppTheme({ children }: { children: ReactNode }) {
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const [stored, setStored] = useState<PaletteMode | null>(readStoredMode);
  const preference: PaletteMode = stored ?? (prefersDark ? 'dark' : 'light');
  const onStage = useLocation().pathname.startsWith('/stage');
  const mode: PaletteMode = onStage ? preference : 'light';

  const toggle = useCallback(() => {
    const next: PaletteMode = preference === 'dark' ? 'light' : 'dark';
    storeMode(next);
    setStored(next);
  }, [preference]);

  const theme = useMemo(() => createAppTheme(mode), [mode]);
  const colorMode = useMemo(() => ({ mode, toggle }), [mode, toggle]);
  return (
    <ColorModeContext.Provider value={colorMode}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </ColorModeContext.Provider>
  );
}
