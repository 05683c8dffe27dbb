// "Replace manuscript" (issue 19): a revised text from a .txt/.docx upload (read by the same
// parse-document route as a new project) or pasted; a summary of the paragraphs added, removed and
// changed before anything is saved; on confirm the settings save it (with the SHA-256 of the text it
// was compared against, so a text changed meanwhile is refused), detect the structure again and
// re-analyse. The speakers the user set on unchanged paragraphs are kept by the server.
import { useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { DOCUMENT_ACCEPT, isContentFile, parseDocument, PROJECT_MESSAGES } from '../../../api/projects-api';
import { formErrorOf } from '../../../forms/errors';
import { compareManuscripts, sha256Hex, type ManuscriptChanges } from './manuscript-diff';

interface Props {
  /** The saved text the revision replaces (line ends as LF). */
  current: string;
  onClose(): void;
  /** Saves the new text; true when it was saved (the dialog then closes). */
  onReplace(text: string, replacesSha256: string): Promise<boolean>;
}

const lf = (s: string) => s.replace(/\r\n?/g, '\n');
const count = (n: number) => n.toLocaleString('en-US');

export function ReplaceManuscriptDialog({ current, onClose, onReplace }: Props) {
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [summary, setSummary] = useState<{ text: string; changes: ManuscriptChanges | null } | null>(null);
  const [saving, setSaving] = useState(false);
  const [comparing, setComparing] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const busy = reading || saving || comparing;

  const readFile = async (file: File) => {
    if (!isContentFile(file)) {
      setError('Please upload a .txt or .docx file');
      return;
    }
    setReading(true);
    setError(null);
    try {
      setText(lf(await parseDocument(file, file.name)));
      setFileName(file.name);
    } catch (err) {
      setError(formErrorOf(err, PROJECT_MESSAGES.parse));
    } finally {
      setReading(false);
    }
  };

  const compare = () => {
    const revised = lf(text);
    if (!revised.trim()) {
      setError('Upload or paste the revised text first');
      return;
    }
    setError(null);
    // A whole book takes a few hundred milliseconds: let "Comparing…" paint first.
    setComparing(true);
    setTimeout(() => {
      setSummary({ text: revised, changes: compareManuscripts(current, revised) });
      setComparing(false);
    }, 30);
  };

  const confirm = async () => {
    if (!summary) return;
    setSaving(true);
    const ok = await onReplace(summary.text, await sha256Hex(current));
    setSaving(false);
    if (ok) onClose();
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullWidth
      fullScreen={phone}
      maxWidth="sm"
      aria-labelledby="replace-manuscript-title"
    >
      <DialogTitle id="replace-manuscript-title">Replace manuscript</DialogTitle>
      {/* Focusable: on a phone the summary scrolls, and the keyboard must reach it. */}
      <DialogContent dividers tabIndex={0}>
        {summary ? (
          <ManuscriptSummary changes={summary.changes} />
        ) : (
          <Stack spacing={2}>
            <Typography variant="body2" color="text.secondary">
              Upload the revised book or paste its text. You will see what changed before anything is saved.
            </Typography>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
              <Button
                variant="outlined"
                startIcon={reading ? <CircularProgress size={16} /> : <UploadFileOutlined />}
                onClick={() => fileInput.current?.click()}
                disabled={busy}
              >
                {reading ? 'Reading…' : 'Upload .txt or .docx'}
              </Button>
              {fileName && (
                <Typography variant="body2" noWrap sx={{ minWidth: 0 }}>
                  {fileName}
                </Typography>
              )}
              <input
                ref={fileInput}
                type="file"
                hidden
                accept={DOCUMENT_ACCEPT}
                aria-label="Revised manuscript file"
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  e.target.value = '';
                  if (file) void readFile(file);
                }}
              />
            </Stack>
            <TextField
              label="Revised text"
              placeholder="Or paste the revised text here"
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                setFileName(null);
              }}
              multiline
              rows={phone ? 8 : 10}
              disabled={busy}
              slotProps={{ htmlInput: { spellCheck: false, style: { fontSize: 14, lineHeight: 1.5 } } }}
            />
          </Stack>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        {summary ? (
          <>
            <Button onClick={() => setSummary(null)} disabled={busy}>
              Back
            </Button>
            <Button variant="contained" onClick={() => void confirm()} disabled={busy || !hasChanges(summary.changes)}>
              {saving ? 'Saving…' : 'Replace and reanalyze'}
            </Button>
          </>
        ) : (
          <>
            <Button onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button variant="contained" onClick={compare} disabled={busy || !text.trim()}>
              {comparing ? 'Comparing…' : 'Compare'}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}

const hasChanges = (c: ManuscriptChanges | null) => !c || c.added + c.removed + c.changed > 0;

function ManuscriptSummary({ changes }: { changes: ManuscriptChanges | null }) {
  if (!changes) {
    return (
      <Alert severity="warning">
        The two texts are too different to compare paragraph by paragraph. Replacing it keeps your characters; speakers
        you set are kept where their text is still in the book.
      </Alert>
    );
  }
  if (!hasChanges(changes)) {
    return <Alert severity="info">This text is the same as the current manuscript: there is nothing to replace.</Alert>;
  }
  const figures = [
    { label: 'added', value: changes.added, color: 'success.main' },
    { label: 'removed', value: changes.removed, color: 'error.main' },
    { label: 'changed', value: changes.changed, color: 'warning.main' },
    { label: 'unchanged', value: changes.unchanged, color: 'text.secondary' },
  ];
  return (
    <Stack spacing={2}>
      <Typography component="h3" variant="subtitle1" fontWeight={650}>
        What the revision changes
      </Typography>
      <Box
        data-testid="manuscript-summary"
        sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)' }, gap: 1.5 }}
      >
        {figures.map((f) => (
          <Box key={f.label} sx={{ border: 1, borderColor: 'divider', borderRadius: 1.5, px: 1.5, py: 1 }}>
            <Typography variant="h5" component="p" fontWeight={700} sx={{ color: f.color }}>
              {count(f.value)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {f.value === 1 ? 'paragraph' : 'paragraphs'} {f.label}
            </Typography>
          </Box>
        ))}
      </Box>
      {changes.examples.length > 0 && (
        <Box>
          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            First changes
          </Typography>
          <Stack spacing={1}>
            {changes.examples.map((e, i) => (
              <Box key={i} sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5 }}>
                <Typography variant="caption" color="text.secondary" sx={{ textTransform: 'capitalize' }}>
                  {e.kind}
                </Typography>
                {e.before !== undefined && (
                  <Typography variant="body2" sx={{ textDecoration: 'line-through', color: 'text.secondary' }}>
                    {clip(e.before)}
                  </Typography>
                )}
                {e.after !== undefined && <Typography variant="body2">{clip(e.after)}</Typography>}
              </Box>
            ))}
          </Stack>
        </Box>
      )}
      <Alert severity="info">
        The outline is detected again and the book is analysed again. Your characters stay, and the speakers you set
        stay on every paragraph the revision left unchanged.
      </Alert>
    </Stack>
  );
}

const clip = (s: string) => (s.length > 160 ? `${s.slice(0, 157)}…` : s);
