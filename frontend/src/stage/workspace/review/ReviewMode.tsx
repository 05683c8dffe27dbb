// Review mode (issue 19): walks the quotes the user has not confirmed, least confident first, with
// the keyboard (J/K, 1–9, Enter, N, Esc) or the buttons, which do the same for touch. The panel sits
// beside the text (below it on a phone) so the viewer, scrolled to each quote, stays in sight.
import { useEffect, useRef, type KeyboardEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Drawer,
  IconButton,
  LinearProgress,
  Stack,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import NotInterestedIcon from '@mui/icons-material/NotInterested';
import type { Character } from '@castbook/contracts';
import type { ReviewItem } from '../../../api/review-api';
import { speakerColor } from '../colors';
import { actionOfKey, current, guessOf, percentOf } from './review-queue';
import { useReviewQueue, type ReviewSaves } from './use-review-queue';

/** Characters of the text around the quote shown on each side (fewer on a phone, where it all fits). */
const CONTEXT_SHOWN = { desktop: 180, phone: 60 };

interface Props extends ReviewSaves {
  projectId: string;
  open: boolean;
  characters: ReadonlyMap<string, Character>;
  readOnly: boolean;
  onClose(): void;
  /** Scrolls the viewer to the quote on screen and marks it there. */
  onShow(item: ReviewItem): void;
}

const Key = ({ children }: { children: string }) => (
  <Box
    component="kbd"
    sx={{
      px: 0.6,
      py: 0.1,
      borderRadius: 1,
      border: '1px solid',
      // The key reads on an outlined button and on the picked (filled) one alike.
      borderColor: 'currentColor',
      fontFamily: 'inherit',
      fontSize: 11,
      fontWeight: 700,
      color: 'inherit',
    }}
  >
    {children}
  </Box>
);

export function ReviewMode({ projectId, open, characters, readOnly, onClose, onShow, confirm, notDialog }: Props) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const { state, error, busy, act } = useReviewQueue(projectId, open, { confirm, notDialog });
  const item = state ? current(state) : null;
  const guess = item && state ? guessOf(item, state.picked) : null;
  const shown = useRef<string | null>(null);
  const showRef = useRef(onShow);
  showRef.current = onShow;

  useEffect(() => {
    if (!open) shown.current = null;
    else if (item && shown.current !== item.id) {
      shown.current = item.id;
      showRef.current(item);
    }
  }, [open, item]);

  const onKeyDown = (e: KeyboardEvent) => {
    const action = actionOfKey(e);
    if (!action) return;
    // Enter on a focused button is that button's click, except on a candidate just picked with the
    // mouse: there Enter confirms it, as it would after pressing its number.
    const button = (e.target as HTMLElement).closest('button');
    if (action.kind === 'confirm' && button && !button.hasAttribute('data-candidate')) return;
    if (readOnly && (action.kind === 'confirm' || action.kind === 'not-dialog')) return;
    e.preventDefault();
    void act(action);
  };

  const colorOf = (id: string) => speakerColor(id, characters.get(id));
  const nameOf = (id: string | null, fallback: string | null) =>
    id === null ? 'Unattributed' : (characters.get(id)?.name ?? fallback ?? 'Unknown speaker');
  const done = state && !item && state.nextCursor === null;
  const around = phone ? CONTEXT_SHOWN.phone : CONTEXT_SHOWN.desktop;

  return (
    <Drawer
      anchor={phone ? 'bottom' : 'right'}
      open={open}
      onClose={onClose}
      // The text behind stays visible: the viewer shows each quote in place.
      hideBackdrop
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-label': 'Review speakers',
          'aria-modal': true,
          onKeyDown,
          sx: {
            width: phone ? '100%' : 420,
            maxHeight: phone ? '58dvh' : '100%',
            borderTopLeftRadius: phone ? 16 : 0,
            borderTopRightRadius: phone ? 16 : 0,
            boxShadow: 8,
          },
        } as object,
      }}
    >
      <Stack spacing={1.5} sx={{ p: 2, minHeight: 0 }} data-testid="review-mode">
        <Stack direction="row" sx={{ alignItems: 'center' }}>
          <Typography component="h2" variant="h6" sx={{ flexGrow: 1, fontSize: '1.1rem' }}>
            Review speakers
          </Typography>
          <Tooltip title="Leave review (Esc)">
            <IconButton aria-label="Leave review" onClick={onClose} edge="end">
              <CloseIcon />
            </IconButton>
          </Tooltip>
        </Stack>

        {error && <Alert severity="error">{error}</Alert>}
        {!state && !error && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} aria-busy="true">
            <CircularProgress size={18} />
            <Typography variant="body2">Loading the quotes to review…</Typography>
          </Stack>
        )}

        {state && (
          <Box>
            <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.5 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="review-progress">
                {state.confirmed.toLocaleString('en-US')} of {state.total.toLocaleString('en-US')} confirmed
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {Math.floor(percentOf(state.confirmed, state.total))}%
              </Typography>
            </Stack>
            <LinearProgress
              variant="determinate"
              value={percentOf(state.confirmed, state.total)}
              aria-label="Quotes confirmed"
              aria-valuetext={`${state.confirmed} of ${state.total} quotes confirmed`}
            />
          </Box>
        )}

        {done && (
          <Alert severity="success" role="status">
            Nothing left to review: every quote’s speaker is confirmed.
          </Alert>
        )}

        {item && state && (
          <Box
            sx={{ overflowY: 'auto', minHeight: 0 }}
            aria-live="polite"
            data-testid="review-quote"
            data-quote-id={item.id}
          >
            <Typography variant="caption" color="text.secondary" component="p">
              {item.chapter} · quote {state.index + 1} of {state.items.length}
              {state.nextCursor ? '+' : ''} to review · confidence {Math.round(item.confidence * 100)}%
            </Typography>
            <Typography variant="body2" sx={{ mt: 0.5, lineHeight: 1.6 }}>
              <Box component="span" sx={{ color: 'text.secondary' }}>
                {item.context.before.length > around ? '…' : ''}
                {item.context.before.slice(-around)}
              </Box>
              <Box
                component="mark"
                sx={{
                  bgcolor: 'transparent',
                  color: 'text.primary',
                  fontWeight: 650,
                  borderBottom: '3px solid',
                  borderColor: guess ? colorOf(guess) : 'divider',
                }}
              >
                {item.text}
              </Box>
              <Box component="span" sx={{ color: 'text.secondary' }}>
                {item.context.after.slice(0, around)}
                {item.context.after.length > around ? '…' : ''}
              </Box>
            </Typography>
            <Typography variant="body2" sx={{ mt: 1 }}>
              Now: <strong>{nameOf(item.speakerId, item.speakerName)}</strong>
            </Typography>

            <Typography variant="overline" color="text.secondary" component="h3" sx={{ mt: 1, lineHeight: 2 }}>
              Who speaks?
            </Typography>
            {item.candidates.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                The engine weighed no speakers for this quote: click it in the text to choose one.
              </Typography>
            ) : (
              <Stack spacing={0.75} role="group" aria-label="Candidate speakers">
                {item.candidates.slice(0, 9).map((c, i) => {
                  const chosen = guess === c.speakerId;
                  return (
                    <Button
                      key={c.speakerId}
                      variant={chosen ? 'contained' : 'outlined'}
                      color={chosen ? 'primary' : 'inherit'}
                      aria-pressed={chosen}
                      aria-keyshortcuts={String(i + 1)}
                      data-candidate
                      onClick={() => void act({ kind: 'pick', n: i + 1 })}
                      sx={{ justifyContent: 'flex-start', textTransform: 'none', gap: 1, minHeight: 40 }}
                    >
                      <Key>{String(i + 1)}</Key>
                      <Box
                        aria-hidden
                        sx={{
                          width: 12,
                          height: 12,
                          borderRadius: '50%',
                          bgcolor: colorOf(c.speakerId),
                          flexShrink: 0,
                        }}
                      />
                      <Box component="span" sx={{ flexGrow: 1, textAlign: 'left' }}>
                        {nameOf(c.speakerId, c.name)}
                      </Box>
                      <span>{Math.round(c.probability * 100)}%</span>
                    </Button>
                  );
                })}
              </Stack>
            )}
            {item.evidence.length > 0 && (
              <Stack direction="row" useFlexGap spacing={0.5} sx={{ mt: 1, flexWrap: 'wrap' }} aria-label="Evidence">
                {item.evidence.map((e) => (
                  <Chip key={e} label={e} size="small" variant="outlined" />
                ))}
              </Stack>
            )}
          </Box>
        )}

        {state && (
          <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
            <Button
              variant="contained"
              startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <CheckIcon />}
              disabled={!guess || busy || readOnly}
              onClick={() => void act({ kind: 'confirm' })}
              aria-keyshortcuts="Enter"
            >
              Confirm
            </Button>
            <Button
              variant="outlined"
              color="inherit"
              startIcon={<NotInterestedIcon />}
              disabled={!item || busy || readOnly}
              onClick={() => void act({ kind: 'not-dialog' })}
              aria-keyshortcuts="N"
            >
              Not dialog
            </Button>
            <Box sx={{ flexGrow: 1 }} />
            <Tooltip title="Previous quote (K)">
              <span>
                <IconButton
                  aria-label="Previous quote"
                  aria-keyshortcuts="K"
                  disabled={!state || state.index === 0}
                  onClick={() => void act({ kind: 'move', direction: -1 })}
                >
                  <KeyboardArrowUpIcon />
                </IconButton>
              </span>
            </Tooltip>
            <Tooltip title="Next quote (J)">
              <span>
                <IconButton
                  aria-label="Next quote"
                  aria-keyshortcuts="J"
                  disabled={!state || state.index >= state.items.length - 1}
                  onClick={() => void act({ kind: 'move', direction: 1 })}
                >
                  <KeyboardArrowDownIcon />
                </IconButton>
              </span>
            </Tooltip>
          </Stack>
        )}
        <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'none', md: 'block' } }}>
          <Key>J</Key>/<Key>K</Key> next/previous · <Key>1</Key>–<Key>9</Key> pick · <Key>Enter</Key> confirm ·{' '}
          <Key>N</Key> not dialog · <Key>Esc</Key> leave
        </Typography>
      </Stack>
    </Drawer>
  );
}
