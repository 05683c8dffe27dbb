// One palette for the whole product: an indigo brand with a warm amber accent, Inter throughout.
import { alpha, createTheme, type PaletteMode } from '@mui/material/styles';
import { MOBILE_BREAKPOINT_PX } from '../config';

const brand = { main: '#4f46e5', light: '#818cf8', dark: '#3730a3' };
const accent = { main: '#f59e0b', light: '#fcd34d', dark: '#b45309' };

export function createAppTheme(mode: PaletteMode) {
  const dark = mode === 'dark';
  return createTheme({
    // md is the product's mobile breakpoint (SPEC §9: 768 px).
    breakpoints: { values: { xs: 0, sm: 600, md: MOBILE_BREAKPOINT_PX, lg: 1200, xl: 1536 } },
    palette: {
      mode,
      primary: dark ? { main: brand.light, light: '#a5b4fc', dark: brand.main, contrastText: '#0b0d17' } : brand,
      secondary: accent,
      // MUI's dark error red (#f44336) is 4.8:1 on the dark paper, too close to the 4.5:1 floor for an
      // outlined button's text; a lighter red keeps destructive actions readable.
      ...(dark ? { error: { main: '#f87171', light: '#fca5a5', dark: '#dc2626', contrastText: '#0b0d17' } } : {}),
      background: dark ? { default: '#0d0f17', paper: '#151826' } : { default: '#f7f7fb', paper: '#ffffff' },
      text: dark ? { primary: '#e7e9f3', secondary: '#9aa0b8' } : { primary: '#151827', secondary: '#5b6078' },
      divider: dark ? 'rgba(255,255,255,0.08)' : 'rgba(21,24,39,0.09)',
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: '"Inter Variable", Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
      h1: { fontWeight: 800, letterSpacing: '-0.03em', lineHeight: 1.08 },
      h2: { fontWeight: 750, letterSpacing: '-0.025em', lineHeight: 1.15 },
      h3: { fontWeight: 700, letterSpacing: '-0.02em' },
      h4: { fontWeight: 700, letterSpacing: '-0.015em' },
      h5: { fontWeight: 650, letterSpacing: '-0.01em' },
      h6: { fontWeight: 650 },
      subtitle1: { fontWeight: 550 },
      button: { textTransform: 'none', fontWeight: 600, letterSpacing: 0 },
      overline: { fontWeight: 700, letterSpacing: '0.12em' },
    },
    components: {
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: {
          root: { borderRadius: 9, paddingInline: 18 },
          sizeLarge: { paddingBlock: 11, fontSize: '1rem' },
        },
      },
      MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
      MuiCard: {
        defaultProps: { variant: 'outlined' },
        styleOverrides: { root: { borderRadius: 14 } },
      },
      MuiTextField: { defaultProps: { fullWidth: true } },
      MuiOutlinedInput: {
        styleOverrides: {
          root: ({ theme }) => ({
            backgroundColor: dark ? alpha('#ffffff', 0.02) : '#fff',
            '&.Mui-focused:not(.Mui-error) .MuiOutlinedInput-notchedOutline': {
              borderWidth: 1.5,
              borderColor: theme.palette.primary.main,
            },
          }),
        },
      },
      MuiLink: { defaultProps: { underline: 'hover' }, styleOverrides: { root: { fontWeight: 550 } } },
      MuiChip: { styleOverrides: { root: { fontWeight: 600 } } },
      MuiTooltip: { defaultProps: { arrow: true } },
    },
  });
}
