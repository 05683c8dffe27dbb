// Project settings (SPEC §2, §5): title, author, content, thumbnail or a random default cover, and
// deleting the project. A changed content asks first ('Content Change Detected'); the workspace then
// saves it, detects the structure again and starts a new analysis.
import { useRef, useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Divider,
  FormControlLabel,
  MenuItem,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import DifferenceOutlinedIcon from '@mui/icons-material/DifferenceOutlined';
import { useAuthors, authorName } from '../../api/authors-api';
import { useAuthedImage } from '../../api/authed-image';
import type { ProjectDetail } from '../../api/projects-api';
import { readOnlyOf } from '../projects/read-only';
import { ReplaceManuscriptDialog } from './revise/ReplaceManuscriptDialog';

export interface SettingsChanges {
  title: string;
  authorId: string;
  /** Only when the text changed (line ends as LF). */
  content?: string;
  thumbnail?: File;
  resetThumbnail?: boolean;
  /** A replaced manuscript: the SHA-256 of the text its summary was compared against. */
  replacesSha256?: string;
}

interface Props {
  open: boolean;
  project: ProjectDetail;
  onClose(): void;
  onSave(changes: SettingsChanges): Promise<boolean>;
  onDelete(): Promise<boolean>;
}

const lf = (s: string) => s.replace(/\r\n?/g, '\n');

export function ProjectSettingsDialog(props: Props) {
  // Remounted on each opening, so the form starts from the saved project.
  return props.open ? <SettingsForm {...props} /> : null;
}

function SettingsForm({ project, onClose, onSave, onDelete }: Props) {
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  const { data: authors } = useAuthors();
  const [title, setTitle] = useState(project.title);
  const [authorId, setAuthorId] = useState(project.authorId ?? '');
  const [content, setContent] = useState(project.content);
  const [file, setFile] = useState<File | null>(null);
  const [reset, setReset] = useState(false);
  const [errors, setErrors] = useState<{ title?: string; authorId?: string; content?: string }>({});
  const [busy, setBusy] = useState(false);
  const [confirmContent, setConfirmContent] = useState<SettingsChanges | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [replacing, setReplacing] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  // Over the plan's limit the project can be read and deleted, not changed.
  const locked = readOnlyOf(project);
  const current = useAuthedImage(project.thumbnail);
  const [preview, setPreview] = useState<string | null>(null);

  const pickFile = (f: File | null) => {
    if (preview) URL.revokeObjectURL(preview);
    setFile(f);
    setPreview(f ? URL.createObjectURL(f) : null);
    // Choosing a file clears the reset and vice versa (SPEC §5).
    if (f) setReset(false);
  };

  const save = async (changes: SettingsChanges) => {
    setBusy(true);
    const ok = await onSave(changes);
    setBusy(false);
    if (ok) onClose();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = {
      title: title.trim() ? undefined : 'Title is required',
      authorId: authorId ? undefined : 'Author is required',
      content: content.trim() ? undefined : 'Content is required',
    };
    setErrors(next);
    if (next.title || next.authorId || next.content) return;
    const changes: SettingsChanges = { title: title.trim(), authorId };
    if (file) changes.thumbnail = file;
    else if (reset) changes.resetThumbnail = true;
    const text = lf(content);
    if (text !== lf(project.content)) {
      setConfirmContent({ ...changes, content: text });
      return;
    }
    void save(changes);
  };

  const knownAuthor = authors?.some((a) => a.id === authorId);

  return (
    <>
      <Dialog
        open
        onClose={busy ? undefined : onClose}
        fullWidth
        fullScreen={phone}
        maxWidth="md"
        aria-labelledby="project-settings-title"
      >
        <Box component="form" noValidate onSubmit={submit}>
          <DialogTitle id="project-settings-title">Project settings</DialogTitle>
          <DialogContent dividers>
            <Stack spacing={2.5}>
              {locked.readOnly && <Alert severity="warning">{locked.reason} You can still delete it.</Alert>}
              <TextField
                label="Title"
                value={title}
                onChange={(e) => setTitle(e.target.value)}
                error={!!errors.title}
                helperText={errors.title}
                required
                disabled={locked.readOnly}
                slotProps={{ htmlInput: { maxLength: 500 } }}
              />
              <TextField
                select
                label="Author"
                value={knownAuthor || !authors ? authorId : ''}
                onChange={(e) => setAuthorId(e.target.value)}
                error={!!errors.authorId}
                helperText={errors.authorId}
                required
                disabled={locked.readOnly}
              >
                {!authors && authorId && (
                  <MenuItem value={authorId}>
                    {project.author ? authorName(project.author) : 'Loading authors…'}
                  </MenuItem>
                )}
                {(authors ?? []).map((a) => (
                  <MenuItem key={a.id} value={a.id}>
                    {authorName(a)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                label="Content"
                value={content}
                onChange={(e) => setContent(e.target.value)}
                multiline
                rows={10}
                disabled={locked.readOnly}
                error={!!errors.content}
                helperText={errors.content ?? 'Changing the text detects the structure again and runs a new analysis.'}
                slotProps={{ htmlInput: { spellCheck: false, style: { fontSize: 14, lineHeight: 1.5 } } }}
              />
              <Box>
                <Typography variant="subtitle2">Revised manuscript</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                  Upload or paste a new version of the book and see what changed before replacing it. Speakers you set
                  on unchanged paragraphs are kept.
                </Typography>
                <Button
                  variant="outlined"
                  startIcon={<DifferenceOutlinedIcon />}
                  onClick={() => setReplacing(true)}
                  disabled={busy || locked.readOnly}
                >
                  Replace manuscript
                </Button>
              </Box>
              <Box>
                <Typography variant="subtitle2" sx={{ mb: 1 }}>
                  Thumbnail
                </Typography>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
                  <Box
                    sx={{
                      width: 72,
                      height: 96,
                      borderRadius: 1.5,
                      overflow: 'hidden',
                      bgcolor: 'action.hover',
                      flexShrink: 0,
                      border: '1px solid',
                      borderColor: 'divider',
                    }}
                  >
                    {(preview ?? current) && !reset && (
                      <img
                        src={preview ?? current}
                        alt="Current thumbnail"
                        style={{ width: '100%', height: '100%', objectFit: 'cover' }}
                      />
                    )}
                  </Box>
                  <Stack spacing={1}>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <Button
                        variant="outlined"
                        size="small"
                        disabled={locked.readOnly}
                        onClick={() => fileInput.current?.click()}
                      >
                        Choose image
                      </Button>
                      {file && (
                        <Typography variant="body2" noWrap sx={{ maxWidth: 220 }}>
                          {file.name}
                        </Typography>
                      )}
                      <input
                        ref={fileInput}
                        type="file"
                        accept="image/png,image/jpeg,image/webp,image/gif"
                        hidden
                        aria-label="Thumbnail image"
                        onChange={(e) => pickFile(e.target.files?.[0] ?? null)}
                      />
                    </Stack>
                    <FormControlLabel
                      control={
                        <Checkbox
                          checked={reset}
                          disabled={locked.readOnly}
                          onChange={(e) => {
                            setReset(e.target.checked);
                            if (e.target.checked) {
                              pickFile(null);
                              if (fileInput.current) fileInput.current.value = '';
                            }
                          }}
                        />
                      }
                      label="Use a random default cover"
                    />
                  </Stack>
                </Stack>
              </Box>
              <Divider />
              <Box>
                <Typography variant="subtitle2">Delete project</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                  Deletes the project with its text, outline, characters and quotes.
                </Typography>
                <Button
                  color="error"
                  variant="outlined"
                  startIcon={<DeleteOutlineIcon />}
                  onClick={() => setConfirmDelete(true)}
                  disabled={busy}
                >
                  Delete project
                </Button>
              </Box>
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, py: 2 }}>
            <Button onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" disabled={busy || locked.readOnly}>
              {busy ? 'Saving…' : 'Save changes'}
            </Button>
          </DialogActions>
        </Box>
      </Dialog>

      <Dialog open={!!confirmContent} onClose={() => setConfirmContent(null)} aria-labelledby="content-change-title">
        <DialogTitle id="content-change-title">Content Change Detected</DialogTitle>
        <DialogContent>
          <DialogContentText>
            You changed the text of this project. Saving it detects the book structure again and starts a new analysis;
            the current outline and quote attributions are replaced.
          </DialogContentText>
          <Alert severity="info" sx={{ mt: 2 }}>
            Characters you added by hand are kept.
          </Alert>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmContent(null)} disabled={busy}>
            Cancel
          </Button>
          <Button
            variant="contained"
            disabled={busy}
            onClick={() => {
              const changes = confirmContent;
              setConfirmContent(null);
              if (changes) void save(changes);
            }}
          >
            Save and reanalyze
          </Button>
        </DialogActions>
      </Dialog>

      {replacing && (
        <ReplaceManuscriptDialog
          current={lf(project.content)}
          onClose={() => setReplacing(false)}
          onReplace={async (text, replacesSha256) => {
            // The saved title and author with the new text: the summary was the confirmation.
            const ok = await onSave({
              title: project.title,
              authorId: project.authorId ?? authorId,
              content: text,
              replacesSha256,
            });
            if (ok) onClose();
            return ok;
          }}
        />
      )}

      <Dialog open={confirmDelete} onClose={() => setConfirmDelete(false)} aria-labelledby="delete-project-title">
        <DialogTitle id="delete-project-title">Delete this project?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            “{project.title}” and everything in it will be deleted. This cannot be undone.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmDelete(false)} disabled={busy}>
            Cancel
          </Button>
          <Button
            color="error"
            variant="contained"
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              const ok = await onDelete();
              setBusy(false);
              if (ok) setConfirmDelete(false);
            }}
          >
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
