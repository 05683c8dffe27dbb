// The centre panel: a toolbar (the review navigator, or the text's size before any quotes; the
// selection with its clear button; the search button) over the book's search bar, the filter to a
// character's lines (find/) and the virtualised text.
import { useEffect, type RefObject } from 'react';
import { Box, IconButton, Paper, Stack, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import type { Character, OutlineItem, Quote } from '@castbook/contracts';
import { ContentViewer, type ContentViewerHandle } from './ContentViewer';
import { CharacterFilterBar, filterBarSx } from './find/CharacterFilterBar';
import { FindBar, FindButton } from './find/FindBar';
import type { FindStore } from './find/find-store';
import { useFind } from './find/use-find';
import { QuoteNavigator } from './QuoteNavigator';
import type { ReviewList } from './review';
import type { TextBlock } from './text-blocks';
import type { Selection } from './use-workspace-navigation';

export function ViewerPanel({
  viewerRef,
  content,
  blocks,
  quotes,
  ordered,
  characters,
  review,
  selection,
  activeQuoteId,
  onStep,
  onClearSelection,
  onQuoteClick,
  findStore,
  outline,
  onShowText,
}: {
  viewerRef: RefObject<ContentViewerHandle | null>;
  content: string;
  blocks: TextBlock[];
  /** The project's quotes as stored (their count is the navigator's total). */
  quotes: readonly Quote[];
  /** The same, in reading order, for the viewer. */
  ordered: Quote[];
  characters: Map<string, Character>;
  review: ReviewList;
  selection: Selection | null;
  activeQuoteId: string | null;
  onStep: (direction: 1 | -1) => void;
  onClearSelection: () => void;
  onQuoteClick: (quote: Quote, anchor: HTMLElement) => void;
  /** The filter to a character's lines, set from the Characters panel and the palette. */
  findStore: FindStore;
  outline: OutlineItem[];
  /** Brings the text into view (a phone's text tab). */
  onShowText: () => void;
}) {
  // Search and filter: what the viewer shows and paints. Their state is the panel's own, so a
  // keystroke renders this panel only.
  const find = useFind({
    store: findStore,
    content,
    blocks,
    ordered,
    outline,
    viewer: viewerRef,
    showText: onShowText,
  });
  // The filtered character was merged away or deleted (or a re-analysis replaced the cast): the
  // whole text again rather than a filter to no one.
  const { filterId } = find;
  useEffect(() => {
    if (filterId && !characters.has(filterId)) findStore.setFilter(null);
  }, [filterId, characters, findStore]);
  return (
    <Paper
      variant="outlined"
      data-testid="viewer-panel"
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        overflow: 'hidden',
        borderRadius: 3,
        ...filterBarSx,
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: 1.5,
          py: 0.5,
          minHeight: 44,
          borderBottom: '1px solid',
          borderColor: 'divider',
          flexWrap: 'wrap',
        }}
      >
        {quotes.length > 0 ? (
          <QuoteNavigator review={review} total={quotes.length} onStep={onStep} />
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ fontSize: 13 }}>
            {content.length.toLocaleString('en-US')} characters · {blocks.length.toLocaleString('en-US')} paragraphs
          </Typography>
        )}
        <Box sx={{ flexGrow: 1 }} />
        {selection && (
          <Stack
            direction="row"
            spacing={0.5}
            data-testid="selection"
            data-start={selection.start}
            data-end={selection.end}
            sx={{ alignItems: 'center', minWidth: 0 }}
          >
            <Typography variant="body2" noWrap sx={{ fontSize: 13, maxWidth: 260 }}>
              Selected: <strong>{selection.label}</strong>
            </Typography>
            <IconButton size="small" aria-label="Clear selection" onClick={onClearSelection}>
              <CloseIcon sx={{ fontSize: 16 }} />
            </IconButton>
          </Stack>
        )}
        <FindButton find={find} />
      </Box>
      <FindBar find={find} />
      <CharacterFilterBar find={find} character={find.filterId ? characters.get(find.filterId) : undefined} />
      <Box sx={{ flexGrow: 1, minHeight: 0 }}>
        <ContentViewer
          ref={viewerRef}
          content={content}
          blocks={find.blocks}
          quotes={ordered}
          characters={characters}
          selection={selection}
          activeQuoteId={activeQuoteId}
          onQuoteClick={onQuoteClick}
          find={find.marks}
          labels={find.labels}
        />
      </Box>
    </Paper>
  );
}
