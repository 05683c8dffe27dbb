// "Fixes that spread" (issue 19): after the user fixes one quote's speaker, a small prompt that does
// not block the page offers to re-decide the rest of that conversation with the fix as an anchor.
// "Preview" asks the server for the proposal (the engine's conversation decoding over that span
// only) and lists what would change, quote by quote, old → new; nothing changes until "Apply".
import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Snackbar,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import EastIcon from '@mui/icons-material/East';
import type { Character, SpreadProposal } from '@castbook/contracts';
import { applySpread, proposeSpread } from '../../../api/speaker-edits-api';
import type { RunCastEdit } from './run-cast-edit';
import { speakerColor } from '../colors';

interface Props {
  projectId: string;
  /** The quote the user just fixed; null: no offer. */
  quoteId: string | null;
  characters: Character[];
  onDismiss(): void;
  /** The workspace's undoable edit (edits.castEdit): calls the route, applies its answer, toasts. */
  run: RunCastEdit;
}

export function SpreadOffer({ projectId, quoteId, characters, onDismiss, run }: Props) {
  const [previewOf, setPreviewOf] = useState<string | null>(null);
  // On a phone the workspace's toasts take the bottom edge ("Speaker updated" comes with the offer).
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  return (
    <>
      <Snackbar
        open={!!quoteId && previewOf === null}
        // It stays until answered, dismissed (Esc or ×) or replaced by the next fix: a suggestion that
        // timed out while the user was still reading the text would be lost.
        onClose={(_, reason) => reason !== 'clickaway' && onDismiss()}
        anchorOrigin={phone ? { vertical: 'top', horizontal: 'center' } : { vertical: 'bottom', horizontal: 'left' }}
        message="Re-decide the rest of this conversation?"
        action={
          <>
            <Button color="inherit" size="small" onClick={() => setPreviewOf(quoteId)} sx={{ fontWeight: 700 }}>
              Preview
            </Button>
            <IconButton size="small" color="inherit" aria-label="Dismiss" onClick={onDismiss}>
              <CloseIcon fontSize="small" />
            </IconButton>
          </>
        }
      />
      {previewOf && (
        <SpreadDialog
          projectId={projectId}
          quoteId={previewOf}
          characters={characters}
          onClose={() => {
            setPreviewOf(null);
            onDismiss();
          }}
          run={run}
        />
      )}
    </>
  );
}

function SpreadDialog({
  projectId,
  quoteId,
  characters,
  onClose,
  run,
}: {
  projectId: string;
  quoteId: string;
  characters: Character[];
  onClose(): void;
  run: RunCastEdit;
}) {
  const [proposal, setProposal] = useState<SpreadProposal | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const byId = new Map(characters.map((c) => [c.id, c]));

  useEffect(() => {
    const abort = new AbortController();
    proposeSpread(projectId, quoteId, abort.signal).then(setProposal, (err: unknown) => {
      if (!abort.signal.aborted) setError(err instanceof Error ? err.message : String(err));
    });
    return () => abort.abort();
  }, [projectId, quoteId]);

  const apply = async () => {
    if (!proposal) return;
    setBusy(true);
    const n = proposal.changes.length;
    // A 409 (the project changed since the proposal) is toasted with the server's words by the edit.
    const ok = await run('Re-decide conversation', () => applySpread(projectId, quoteId, proposal), {
      done: `Conversation re-decided: ${n === 1 ? '1 quote' : `${n} quotes`} updated`,
    });
    if (ok) onClose();
    else setBusy(false);
  };

  const count = proposal?.changes.length ?? 0;
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="spread-title">
      <DialogTitle id="spread-title">Re-decide this conversation</DialogTitle>
      <DialogContent>
        {!proposal && !error && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 2 }}>
            <CircularProgress size={24} aria-label="Deciding the conversation again" />
            <Typography>Deciding the conversation again with your fix…</Typography>
          </Box>
        )}
        {error && <Alert severity="error">{error}</Alert>}
        {proposal && (
          <>
            <DialogContentText sx={{ mb: 1 }}>
              {count === 0
                ? `Nothing else changes in this conversation (${proposal.conversationQuotes} quotes).`
                : `${count === 1 ? '1 quote' : `${count} quotes`} of this conversation (${proposal.conversationQuotes} quotes) would change. Speakers you set stay as they are.`}
            </DialogContentText>
            {/* Scrolls when long: focusable, so a keyboard can scroll it (WCAG 2.1.1). */}
            <List dense aria-label="Proposed changes" tabIndex={0} sx={{ maxHeight: 360, overflow: 'auto' }}>
              {proposal.changes.map((c) => (
                <ListItem key={c.quoteId} divider disableGutters>
                  <ListItemText
                    primary={`“${c.excerpt}”`}
                    secondary={
                      <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                        <SpeakerName id={c.fromSpeakerId} byId={byId} />
                        <EastIcon fontSize="inherit" aria-label="becomes" />
                        <SpeakerName id={c.toSpeakerId} byId={byId} strong />
                      </Box>
                    }
                  />
                </ListItem>
              ))}
            </List>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {count === 0 ? 'Close' : 'Cancel'}
        </Button>
        {count > 0 && (
          <Button variant="contained" onClick={() => void apply()} disabled={busy || !!error}>
            {`Apply ${count === 1 ? '1 change' : `${count} changes`}`}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

function SpeakerName({ id, byId, strong }: { id: string | null; byId: Map<string, Character>; strong?: boolean }) {
  const character = id ? byId.get(id) : undefined;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      <Box
        component="span"
        aria-hidden
        sx={{
          width: 10,
          height: 10,
          borderRadius: '50%',
          bgcolor: id ? speakerColor(id, character) : 'transparent',
          border: id ? 'none' : '1px dashed',
          borderColor: 'text.secondary',
        }}
      />
      <Box component="span" sx={{ fontWeight: strong ? 700 : 400, color: 'text.primary' }}>
        {character?.name ?? 'Unattributed'}
      </Box>
    </Box>
  );
}
