// The stage's light/dark preference (SPEC §3): stored under `theme`, the system's choice until set.
import { createContext, useContext } from 'react';
import type { PaletteMode } from '@mui/material';

export const THEME_KEY = 'theme';

export function readStoredMode(): PaletteMode | null {
  try {
    const value = localStorage.getItem(THEME_KEY);
    return value === 'light' || value === 'dark' ? value : null;
  } catch {
    return null;
  }
}

export function storeMode(mode: PaletteMode) {
  try {
    localStorage.setItem(THEME_KEY, mode);
  } catch {
    // Without storage the choice lasts for this visit only.
  }
}

export interface ColorModeValue {
  mode: PaletteMode;
  toggle(): void;
}

export const ColorModeContext = createContext<ColorModeValue>({ mode: 'light', toggle: () => {} });
export const useColorMode = () => useContext(ColorModeContext);
