// The header's search (PRODUCT.md): a command palette over the app's pages, the caller's projects and
// authors, and the open project's characters and chapters (issue 19). Ctrl/Cmd+K opens it.
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  Box,
  Dialog,
  InputBase,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  Typography,
} from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useAuthors } from '../api/authors-api';
import { useProjects } from '../api/projects-api';
import { useOpenProject } from '../nav/open-project';
import { paletteItems, type PaletteItem } from '../nav/palette';
import { PUBLIC_PAGES, readyPages, SETTINGS_PAGES, SIDEBAR_PAGES } from '../nav/pages';

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

/** Consecutive items of one group together, each with its index in the whole list (for the keys). */
function groupsOf(items: PaletteItem[]) {
  const groups: Array<{ group: PaletteItem['group']; items: Array<{ item: PaletteItem; index: number }> }> = [];
  items.forEach((item, index) => {
    const last = groups[groups.length - 1];
    if (last?.group === item.group) last.items.push({ item, index });
    else groups.push({ group: item.group, items: [{ item, index }] });
  });
  return groups;
}

const optionId = (index: number) => `palette-option-${index}`;

function PaletteBody({ onClose }: { onClose: () => void }) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const navigate = useNavigate();
  const { data: projects } = useProjects();
  const { data: authors } = useAuthors();
  const open = useOpenProject();
  const results = useMemo(
    () => paletteItems(ALL_PAGES, projects, authors, query, open),
    [projects, authors, query, open],
  );

  // The list scrolls: keep the row the arrow keys reached in sight.
  useEffect(() => {
    document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  const go = (item: PaletteItem) => {
    onClose();
    if (item.run) item.run();
    else if (item.path) void navigate(item.path);
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
      go(results[active]);
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
          placeholder={open ? 'Search characters, chapters, pages, projects…' : 'Search pages, projects and authors…'}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          inputProps={{
            'aria-label': open
              ? 'Search characters, chapters, pages and projects'
              : 'Search pages, projects and authors',
            role: 'combobox',
            'aria-expanded': true,
            'aria-controls': 'palette-results',
            'aria-activedescendant': results[active] ? optionId(active) : undefined,
          }}
          sx={{ fontSize: '1.05rem' }}
        />
      </Box>
      <List id="palette-results" role="listbox" sx={{ maxHeight: 380, overflowY: 'auto', p: 1 }}>
        {groupsOf(results).map(({ group, items }) => (
          <Box
            component="li"
            key={group}
            role="group"
            aria-labelledby={`palette-group-${group}`}
            sx={{ listStyle: 'none' }}
          >
            <ListSubheader
              id={`palette-group-${group}`}
              component="div"
              disableSticky
              sx={{ lineHeight: 2.2, bgcolor: 'transparent', fontSize: '0.75rem', fontWeight: 700 }}
            >
              {group}
            </ListSubheader>
            <Box component="ul" role="presentation" sx={{ p: 0, m: 0 }}>
              {items.map(({ item, index: i }) => (
                <ListItemButton
                  key={item.key}
                  id={optionId(i)}
                  component="li"
                  role="option"
                  aria-selected={i === active}
                  selected={i === active}
                  onMouseEnter={() => setActive(i)}
                  onClick={() => go(item)}
                  sx={{ borderRadius: 2 }}
                >
                  <ListItemIcon sx={{ minWidth: 40 }}>
                    <item.icon fontSize="small" />
                  </ListItemIcon>
                  <ListItemText
                    primary={item.title}
                    secondary={item.description}
                    slotProps={{ primary: { fontWeight: 600, noWrap: true }, secondary: { noWrap: true } }}
                  />
                </ListItemButton>
              ))}
            </Box>
          </Box>
        ))}
        {results.length === 0 && (
          <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
            Nothing matches “{query}”.
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
      slotProps={{
        paper: {
          // MUI gives the paper the dialog role, so the name belongs there.
          'aria-label': 'Search',
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
