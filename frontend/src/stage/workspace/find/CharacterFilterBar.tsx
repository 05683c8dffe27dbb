// Over the text while it is filtered to one character's lines (issue 19): whose lines, how many, a
// chip per chapter with its count (a click jumps to that chapter's first line) and Clear filter.
import { Box, Button, Typography, type SxProps, type Theme } from '@mui/material';
import FilterAltOffOutlinedIcon from '@mui/icons-material/FilterAltOffOutlined';
import type { Character } from '@castbook/contracts';
import type { Find } from './use-find';

const plural = (n: number, one: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : `${one}s`}`;

export function CharacterFilterBar({ find, character }: { find: Find; character: Character | undefined }) {
  const { lines } = find;
  if (!lines) return null;
  const name = character?.name ?? 'Unknown speaker';
  const chapters = lines.chapters.filter((c) => c.chapter).length;
  return (
    <Box
      role="region"
      aria-label={`Lines of ${name}`}
      data-testid="character-filter"
      sx={{ borderBottom: '1px solid', borderColor: 'divider', bgcolor: 'background.default', px: 1.5, py: 0.75 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
        <Box
          aria-hidden
          sx={{ width: 12, height: 12, borderRadius: '50%', flexShrink: 0, bgcolor: character?.color ?? 'grey.500' }}
        />
        <Typography variant="body2" noWrap sx={{ fontSize: 13, flexGrow: 1, minWidth: 0 }} data-testid="filter-summary">
          Lines of <strong>{name}</strong>: {plural(lines.quotes.length, 'line')}
          {chapters ? ` in ${plural(chapters, 'chapter')}` : ''}
        </Typography>
        <Button
          size="small"
          color="inherit"
          startIcon={<FilterAltOffOutlinedIcon fontSize="small" />}
          onClick={() => find.filterCharacter(null)}
          sx={{ flexShrink: 0, fontSize: 13 }}
        >
          Clear filter
        </Button>
      </Box>
      {lines.quotes.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ fontSize: 13, pt: 0.5 }}>
          {name} has no lines.
        </Typography>
      ) : (
        <Box component="ul" aria-label="Lines per chapter" sx={chipsSx}>
          {lines.chapters.map((c) => {
            const title = c.chapter?.title ?? 'Outside the chapters';
            return (
              <li key={c.firstOffset}>
                <button
                  type="button"
                  className="chapter-chip"
                  data-testid="chapter-count"
                  data-count={c.count}
                  title={title}
                  aria-label={`${title}: ${plural(c.count, 'line')}`}
                  onClick={() => find.viewer.current?.scrollToOffset(c.firstOffset)}
                >
                  <span className="chapter-chip-title">{title}</span> <strong>{c.count.toLocaleString('en-US')}</strong>
                </button>
              </li>
            );
          })}
        </Box>
      )}
    </Box>
  );
}

// A chip per chapter (a character can speak in a hundred): plain buttons drawn as MUI's small outlined
// Chip by the list's one style, so filtering does not wait for a hundred Chip components to render.
const chipsSx: SxProps<Theme> = {
  display: 'flex',
  gap: 0.75,
  m: 0,
  p: 0,
  pt: 0.75,
  pb: 0.25,
  listStyle: 'none',
  overflowX: 'auto',
  scrollbarWidth: 'thin',
  '& .chapter-chip': {
    display: 'inline-flex',
    alignItems: 'center',
    gap: 0.5,
    boxSizing: 'border-box',
    height: 24,
    px: '7px',
    borderRadius: '16px',
    border: '1px solid',
    borderColor: (t) => (t.palette.mode === 'light' ? t.palette.grey[400] : t.palette.grey[700]),
    bgcolor: 'transparent',
    color: 'text.primary',
    font: 'inherit',
    fontSize: '0.8125rem',
    fontWeight: 600,
    whiteSpace: 'nowrap',
    cursor: 'pointer',
    '&:hover': { bgcolor: 'action.hover' },
    '&:focus-visible': { bgcolor: 'action.focus', outline: 'none' },
  },
  '& .chapter-chip-title': { display: 'inline-block', maxWidth: 180, overflow: 'hidden', textOverflow: 'ellipsis' },
  '& .chapter-chip strong': { fontWeight: 700 },
};
