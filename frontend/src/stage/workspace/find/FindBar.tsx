// The book's search bar (issue 19), over the text: the query, "3 of 41", match case, whole word,
// previous/next (Shift+Enter / Enter) and close (Esc). The search itself is useFind's.
import { Box, IconButton, InputBase, ToggleButton, Tooltip, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import SearchIcon from '@mui/icons-material/Search';
import type { Find } from './use-find';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
export const FIND_SHORTCUT = isMac ? '⌘F' : 'Ctrl+F';

/** "3 of 41", "No matches", or nothing before a query. */
export function matchCount(query: string, total: number, current: number): string {
  if (!query) return '';
  if (total === 0) return 'No matches';
  return `${(current + 1).toLocaleString('en-US')} of ${total.toLocaleString('en-US')}`;
}

/** The toolbar's button that opens the search (phones have no Ctrl+F). */
export function FindButton({ find }: { find: Find }) {
  // While the bar is open its own close button is there instead.
  if (find.search.open) return null;
  return (
    <Tooltip title={`Find in book (${FIND_SHORTCUT})`}>
      <IconButton size="small" aria-label="Find in book" onClick={find.openSearch}>
        <SearchIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

// Readable when off too (the default grey of an unselected toggle is under 4.5:1 on this bar).
const TOGGLE_SX = {
  px: 0.75,
  py: 0.25,
  fontSize: 13,
  fontWeight: 700,
  textTransform: 'none',
  lineHeight: '22px',
  color: 'text.primary',
} as const;

export function FindBar({ find }: { find: Find }) {
  const { search, setQuery, setOptions, step, closeSearch, searchInput } = find;
  if (!search.open) return null;
  const total = search.starts.length;
  const count = matchCount(search.query, total, search.current);
  const toggle = (key: 'caseSensitive' | 'wholeWord') => setOptions({ ...search.options, [key]: !search.options[key] });
  return (
    <Box
      role="search"
      aria-label="Find in book"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        px: 1,
        py: 0.5,
        borderBottom: '1px solid',
        borderColor: 'divider',
        bgcolor: 'background.default',
        flexWrap: { xs: 'wrap', sm: 'nowrap' },
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 0.75,
          flexGrow: 1,
          minWidth: 160,
          px: 1,
          border: '1px solid',
          borderColor: 'divider',
          borderRadius: 1.5,
          bgcolor: 'background.paper',
          '&:focus-within': { borderColor: 'primary.main', boxShadow: (t) => `0 0 0 1px ${t.palette.primary.main}` },
        }}
      >
        <SearchIcon fontSize="small" color="action" />
        <InputBase
          inputRef={searchInput}
          autoFocus
          fullWidth
          placeholder="Find in book"
          value={search.query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              step(e.shiftKey ? -1 : 1);
            } else if (e.key === 'Escape') {
              e.preventDefault();
              e.stopPropagation();
              closeSearch();
            }
          }}
          inputProps={{ 'aria-label': 'Find in book', 'aria-describedby': 'find-count', spellCheck: false }}
          sx={{ fontSize: 14, py: 0.25 }}
        />
        <Typography
          id="find-count"
          data-testid="find-count"
          variant="body2"
          color={search.query && total === 0 ? 'error' : 'text.secondary'}
          aria-live="polite"
          sx={{ fontSize: 13, whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
        >
          {count}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.25 }}>
        <Tooltip title="Match case">
          <ToggleButton
            value="case"
            size="small"
            selected={search.options.caseSensitive}
            aria-label="Match case"
            onChange={() => toggle('caseSensitive')}
            color="primary"
            sx={TOGGLE_SX}
          >
            Aa
          </ToggleButton>
        </Tooltip>
        <Tooltip title="Whole word">
          <ToggleButton
            value="word"
            size="small"
            selected={search.options.wholeWord}
            aria-label="Whole word"
            onChange={() => toggle('wholeWord')}
            color="primary"
            sx={TOGGLE_SX}
          >
            <Box component="span" sx={{ textDecoration: 'underline', textUnderlineOffset: 3 }}>
              ab
            </Box>
          </ToggleButton>
        </Tooltip>
        <Tooltip title="Previous match (Shift+Enter)">
          <span>
            <IconButton size="small" aria-label="Previous match" disabled={total === 0} onClick={() => step(-1)}>
              <KeyboardArrowUpIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title="Next match (Enter)">
          <span>
            <IconButton size="small" aria-label="Next match" disabled={total === 0} onClick={() => step(1)}>
              <KeyboardArrowDownIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title="Close (Esc)">
          <IconButton size="small" aria-label="Close search" onClick={closeSearch}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
    </Box>
  );
}
