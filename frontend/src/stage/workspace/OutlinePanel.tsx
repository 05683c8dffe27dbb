// The Book Structure outline (SPEC §2): an expandable tree; clicking an item jumps to its text and
// selects it; the pencil (or a double click) edits its title in place, Enter saves, Escape cancels.
import { memo, useMemo, useState, type KeyboardEvent } from 'react';
import { Box, IconButton, InputBase, Tooltip, Typography, type SxProps, type Theme } from '@mui/material';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import UnfoldLessIcon from '@mui/icons-material/UnfoldLess';
import UnfoldMoreIcon from '@mui/icons-material/UnfoldMore';
import type { OutlineItem } from '@castbook/contracts';
import { branchIds, titleToSave } from './outline';

interface Props {
  outline: OutlineItem[];
  selectedId: string | null;
  onSelect(item: OutlineItem): void;
  onRename(item: OutlineItem, title: string): void;
  /** A read-only project: the tree navigates, titles cannot be edited. */
  readOnly?: boolean;
  /** "Assign all of X's lines in this chapter to Y" (issue 19), offered on the chapters (leaves). */
  onAssignLines?(item: OutlineItem): void;
}

export const OutlinePanel = memo(function OutlinePanel({
  outline,
  selectedId,
  onSelect,
  onRename,
  readOnly = false,
  onAssignLines,
}: Props) {
  // Branches start expanded; the set holds the collapsed ones.
  const [collapsed, setCollapsed] = useState<Set<string>>(() => new Set());
  const [editing, setEditing] = useState<string | null>(null);
  const branches = useMemo(() => branchIds(outline), [outline]);
  const allCollapsed = branches.length > 0 && branches.every((id) => collapsed.has(id));

  const toggle = (id: string) =>
    setCollapsed((old) => {
      const next = new Set(old);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  if (outline.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ px: 2, py: 3, fontSize: 14 }}>
        No structure detected
      </Typography>
    );
  }

  // A book has hundreds of chapters: each row is plain elements styled once by the tree's classes
  // (below), not MUI components with their own styles and tooltips, so the tree renders in a few ms
  // instead of a few hundred and the workspace's first paint does not wait for it.
  const renderItems = (items: OutlineItem[], depth: number) =>
    items.map((item) => {
      const open = !collapsed.has(item.id);
      const hasChildren = item.children.length > 0;
      const selected = item.id === selectedId;
      return (
        <li key={item.id} role="treeitem" aria-expanded={hasChildren ? open : undefined}>
          <div
            className={selected ? 'outline-row outline-selected' : 'outline-row'}
            style={{ paddingLeft: depth * 12 }}
          >
            {hasChildren ? (
              <button
                type="button"
                className="outline-toggle"
                aria-label={open ? `Collapse ${item.title}` : `Expand ${item.title}`}
                onClick={() => toggle(item.id)}
              >
                {open ? EXPAND_ICON : COLLAPSED_ICON}
              </button>
            ) : (
              <span className="outline-spacer" />
            )}
            {editing === item.id && !readOnly ? (
              <TitleEditor
                item={item}
                onDone={(title) => {
                  setEditing(null);
                  if (title !== null) onRename(item, title);
                }}
              />
            ) : (
              <>
                <button
                  type="button"
                  className={depth === 0 && hasChildren ? 'outline-title outline-part' : 'outline-title'}
                  onClick={() => onSelect(item)}
                  onDoubleClick={readOnly ? undefined : () => setEditing(item.id)}
                  aria-current={selected ? 'true' : undefined}
                  title={item.title}
                >
                  {item.title || <em>Untitled {item.type}</em>}
                </button>
                {!readOnly && (
                  <button
                    type="button"
                    className="outline-edit"
                    title="Rename"
                    aria-label={`Rename ${item.title}`}
                    onClick={() => setEditing(item.id)}
                  >
                    {RENAME_ICON}
                  </button>
                )}
                {!readOnly && onAssignLines && !hasChildren && (
                  <button
                    type="button"
                    className="outline-edit"
                    title="Assign lines in this chapter"
                    aria-label={`Assign lines in ${item.title}`}
                    onClick={() => onAssignLines(item)}
                  >
                    {ASSIGN_ICON}
                  </button>
                )}
              </>
            )}
          </div>
          {hasChildren && open && <ul role="group">{renderItems(item.children, depth + 1)}</ul>}
        </li>
      );
    });

  return (
    <Box>
      {branches.length > 0 && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', px: 1 }}>
          <Tooltip title={allCollapsed ? 'Expand all' : 'Collapse all'}>
            <IconButton
              size="small"
              aria-label={allCollapsed ? 'Expand all' : 'Collapse all'}
              onClick={() => setCollapsed(allCollapsed ? new Set() : new Set(branches))}
            >
              {allCollapsed ? <UnfoldMoreIcon fontSize="small" /> : <UnfoldLessIcon fontSize="small" />}
            </IconButton>
          </Tooltip>
        </Box>
      )}
      <Box component="ul" role="tree" aria-label="Book structure" sx={treeSx}>
        {renderItems(outline, 0)}
      </Box>
    </Box>
  );
});

const EXPAND_ICON = <ExpandMoreIcon fontSize="inherit" />;
const COLLAPSED_ICON = <ChevronRightIcon fontSize="inherit" />;
const RENAME_ICON = <EditOutlinedIcon fontSize="inherit" />;
const ASSIGN_ICON = <SwapHorizIcon fontSize="inherit" />;

/** A small round icon button (MUI's IconButton, size small) as plain CSS. */
const iconButton = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  border: 0,
  borderRadius: '50%',
  bgcolor: 'transparent',
  color: 'action.active',
  cursor: 'pointer',
  '&:hover': { bgcolor: 'action.hover' },
  '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
} as const;

const treeSx: SxProps<Theme> = {
  listStyle: 'none',
  m: 0,
  px: 1,
  pb: 2,
  '& ul': { listStyle: 'none', m: 0, p: 0 },
  '& .outline-row': {
    display: 'flex',
    alignItems: 'center',
    pr: 0.5,
    borderRadius: 1.5,
    '&:hover': { bgcolor: 'action.hover' },
    '&:hover .outline-edit, & .outline-edit:focus-visible': { opacity: 1 },
  },
  '& .outline-row.outline-selected, & .outline-row.outline-selected:hover': { bgcolor: 'action.selected' },
  '& .outline-spacer': { width: 24, flexShrink: 0 },
  '& .outline-toggle': { ...iconButton, p: 0.25, fontSize: 20 },
  '& .outline-edit': { ...iconButton, p: 0.5, fontSize: 16, opacity: { xs: 1, md: 0 } },
  '& .outline-title': {
    flexGrow: 1,
    minWidth: 0,
    textAlign: 'left',
    border: 0,
    bgcolor: 'transparent',
    color: 'text.primary',
    font: 'inherit',
    fontSize: 14,
    fontWeight: 450,
    py: 0,
    my: 0.75,
    px: 0.5,
    cursor: 'pointer',
    overflow: 'hidden',
    display: '-webkit-box',
    WebkitLineClamp: 2,
    WebkitBoxOrient: 'vertical',
    lineHeight: 1.35,
    borderRadius: 1,
    '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
  },
  '& .outline-title.outline-part': { fontWeight: 650 },
};

function TitleEditor({ item, onDone }: { item: OutlineItem; onDone(title: string | null): void }) {
  const [value, setValue] = useState(item.title);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      onDone(titleToSave(item.title, value));
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onDone(null);
    }
  };
  return (
    <InputBase
      autoFocus
      value={value}
      onChange={(e) => setValue(e.target.value)}
      onKeyDown={onKeyDown}
      // Leaving the field without Enter keeps the old title.
      onBlur={() => onDone(null)}
      onFocus={(e) => e.target.select()}
      inputProps={{ 'aria-label': 'Outline item title', maxLength: 500 }}
      sx={{
        flexGrow: 1,
        fontSize: 14,
        px: 0.75,
        py: 0.25,
        my: 0.25,
        borderRadius: 1,
        border: '1.5px solid',
        borderColor: 'primary.main',
        bgcolor: 'background.paper',
      }}
    />
  );
}
