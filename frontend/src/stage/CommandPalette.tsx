// The header's search (PRODUCT.md): a command palette over the app's pages. Ctrl/Cmd+K opens it.
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Box, Dialog, InputBase, List, ListItemButton, ListItemIcon, ListItemText, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { matchPages, PUBLIC_PAGES, readyPages, SETTINGS_PAGES, SIDEBAR_PAGES } from '../nav/pages';

const ALL_PAGES = [...readyPages(SIDEBAR_PAGES), ...SETTINGS_PAGES, ...PUBLIC_PAGES];

export function useCommandPaletteShortcut(open: () => void) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        open();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
}

function PaletteBody({ onClose }: { onClose: () => void }) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const navigate = useNavigate();
  const results = useMemo(() => matchPages(ALL_PAGES, query), [query]);

  const go = (path: string) => {
    onClose();
    void navigate(path);
  };

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setActive((i) => Math.min(i + 1, results.length - 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (e.key === 'Enter' && results[active]) {
      e.preventDefault();
      go(results[active].path);
    }
  };

  return (
    <>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          px: 2.5,
          py: 1.75,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <SearchIcon color="action" />
        <InputBase
          autoFocus
          fullWidth
          placeholder="Search pages…"
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          inputProps={{
            'aria-label': 'Search pages',
            role: 'combobox',
            'aria-expanded': true,
            'aria-controls': 'palette-results',
          }}
          sx={{ fontSize: '1.05rem' }}
        />
      </Box>
      <List id="palette-results" role="listbox" sx={{ maxHeight: 380, overflowY: 'auto', p: 1 }}>
        {results.map((page, i) => (
          <ListItemButton
            key={page.path}
            role="option"
            aria-selected={i === active}
            selected={i === active}
            onMouseEnter={() => setActive(i)}
            onClick={() => go(page.path)}
            sx={{ borderRadius: 2 }}
          >
            <ListItemIcon sx={{ minWidth: 40 }}>
              <page.icon fontSize="small" />
            </ListItemIcon>
            <ListItemText
              primary={page.title}
              secondary={page.description}
              slotProps={{ primary: { fontWeight: 600 } }}
            />
          </ListItemButton>
        ))}
        {results.length === 0 && (
          <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
            No page matches “{query}”.
          </Typography>
        )}
      </List>
    </>
  );
}

export function CommandPalette({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-label="Search"
      slotProps={{
        paper: {
          sx: {
            position: 'absolute',
            top: { xs: 16, sm: '12vh' },
            m: { xs: 1.5, sm: 4 },
            width: { xs: 'calc(100% - 24px)', sm: undefined },
          },
        },
      }}
    >
      {open && <PaletteBody onClose={onClose} />}
    </Dialog>
  );
}
