// Over the text while it is filtered to one character's lines (issue 19): whose lines, how many, a
// chip per chapter with its count (a click jumps to that chapter's first line) and Clear filter.
import type { SxProps, Theme } from '@mui/material';
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
    <div role="region" aria-label={`Lines of ${name}`} data-testid="character-filter" className="character-filter">
      <div className="character-filter-head">
        <span aria-hidden className="character-filter-dot" style={{ backgroundColor: character?.color }} />
        <p className="character-filter-summary" data-testid="filter-summary">
          Lines of <strong>{name}</strong>: {plural(lines.quotes.length, 'line')}
          {chapters ? ` in ${plural(chapters, 'chapter')}` : ''}
        </p>
        <button type="button" className="character-filter-clear" onClick={() => find.filterCharacter(null)}>
          {CLEAR_ICON}
          Clear filter
        </button>
      </div>
      {lines.quotes.length === 0 ? (
        <p className="character-filter-none">{name} has no lines.</p>
      ) : (
        <ul aria-label="Lines per chapter" className="character-filter-chips">
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
        </ul>
      )}
    </div>
  );
}

const CLEAR_ICON = <FilterAltOffOutlinedIcon fontSize="inherit" />;

/**
 * The filter bar's look, given to the viewer panel (which is always there) rather than to the bar: its
 * rules are in the page from the start, so filtering inserts no new CSS, which would make the browser
 * restyle the whole page (thousands of elements: ~60 ms each time a rule came in, on the bench book).
 * The bar is plain elements drawn as MUI's small text Button and outlined Chips.
 */
export const filterBarSx = {
  '& .character-filter': {
    borderBottom: '1px solid',
    borderColor: 'divider',
    bgcolor: 'background.default',
    px: 1.5,
    py: 0.75,
  },
  '& .character-filter-head': { display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 },
  '& .character-filter-dot': { width: 12, height: 12, borderRadius: '50%', flexShrink: 0, bgcolor: 'grey.500' },
  '& .character-filter-summary, & .character-filter-none': { m: 0, typography: 'body2', fontSize: 13 },
  '& .character-filter-summary': {
    flexGrow: 1,
    minWidth: 0,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  '& .character-filter-none': { color: 'text.secondary', pt: 0.5 },
  '& .character-filter-clear': {
    display: 'inline-flex',
    alignItems: 'center',
    gap: 1,
    flexShrink: 0,
    border: 0,
    borderRadius: '9px',
    px: '18px',
    py: '4px',
    bgcolor: 'transparent',
    color: 'inherit',
    font: 'inherit',
    typography: 'button',
    fontSize: 13,
    lineHeight: 1.75,
    cursor: 'pointer',
    '& svg': { fontSize: 18, ml: '-2px' },
    '&:hover': { bgcolor: 'action.hover' },
    '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
  },
  '& .character-filter-chips': {
    display: 'flex',
    gap: 0.75,
    m: 0,
    p: 0,
    pt: 0.75,
    pb: 0.25,
    listStyle: 'none',
    overflowX: 'auto',
    scrollbarWidth: 'thin',
  },
  // A chip per chapter (a character can speak in a hundred): a plain button drawn as a Chip.
  '& .chapter-chip': {
    display: 'inline-flex',
    alignItems: 'center',
    gap: 0.5,
    boxSizing: 'border-box',
    height: 24,
    px: '7px',
    borderRadius: '16px',
    border: '1px solid',
    borderColor: (t: Theme) => (t.palette.mode === 'light' ? t.palette.grey[400] : t.palette.grey[700]),
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
} satisfies SxProps<Theme>;
