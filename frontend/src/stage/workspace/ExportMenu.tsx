// The workspace header's Export menu (issue 19): the script and the quotes/breakdown lists download at
// once; sides open a dialog to pick the characters and the format. Files come from
// GET /api/projects/{id}/export/{name} through the API client (the bearer token an <a href> cannot
// send), then are saved under the name the server gives.
import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import {
  Autocomplete,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Radio,
  RadioGroup,
  TextField,
  Typography,
} from '@mui/material';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import RecordVoiceOverOutlinedIcon from '@mui/icons-material/RecordVoiceOverOutlined';
import TableChartOutlinedIcon from '@mui/icons-material/TableChartOutlined';
import type { Character } from '@castbook/contracts';
import { api, ApiError } from '../../api/client';

type ExportName = 'script.docx' | 'script.pdf' | 'sides.docx' | 'sides.pdf' | 'quotes.csv' | 'breakdown.csv';

const FILES: { name: ExportName; label: string; hint: string; icon: typeof DescriptionOutlinedIcon }[] = [
  {
    name: 'script.docx',
    label: 'Script (Word)',
    hint: 'The whole book, lines in colour',
    icon: DescriptionOutlinedIcon,
  },
  {
    name: 'script.pdf',
    label: 'Script (PDF)',
    hint: 'The whole book, lines in colour',
    icon: PictureAsPdfOutlinedIcon,
  },
  { name: 'quotes.csv', label: 'Quotes (CSV)', hint: 'Every quote with its speaker', icon: TableChartOutlinedIcon },
  {
    name: 'breakdown.csv',
    label: 'Casting breakdown (CSV)',
    hint: 'Lines and words per character per chapter',
    icon: TableChartOutlinedIcon,
  },
];

/** Saves a downloaded file: a temporary link to an object URL, clicked, then let go. */
function save(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the click; the URL can go once the browser has read it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

interface ExportMenuProps {
  projectId: string;
  title: string;
  characters: Character[];
  /** Lines per character id (the workspace counts them already). */
  lineCounts: Map<string, number>;
}

export function ExportMenu({ projectId, title, characters, lineCounts }: ExportMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState<ExportName | null>(null);
  const [sidesOpen, setSidesOpen] = useState(false);

  async function download(name: ExportName, characterIds: string[] = []): Promise<boolean> {
    setBusy(name);
    try {
      const query = characterIds.length ? `?characters=${characterIds.map(encodeURIComponent).join(',')}` : '';
      const { blob, fileName } = await api.requestFile(`/api/projects/${projectId}/export/${name}${query}`);
      save(blob, fileName ?? `${title}-${name}`);
      return true;
    } catch (err) {
      toast.error('Export failed', {
        id: 'workspace',
        description: err instanceof ApiError ? err.serverMessage : String(err),
      });
      return false;
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      <Button
        variant="outlined"
        startIcon={busy ? <CircularProgress size={18} color="inherit" /> : <FileDownloadOutlinedIcon />}
        endIcon={<ArrowDropDownIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'export-menu' : undefined}
        aria-busy={busy ? 'true' : undefined}
        disabled={busy !== null}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        Export
      </Button>
      <Menu
        id="export-menu"
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setSidesOpen(true);
          }}
        >
          <ListItemIcon>
            <RecordVoiceOverOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary="Sides…" secondary="Chosen characters' lines with cues" />
        </MenuItem>
        {FILES.map(({ name, label, hint, icon: Icon }) => (
          <MenuItem
            key={name}
            onClick={() => {
              setAnchor(null);
              void download(name);
            }}
          >
            <ListItemIcon>
              <Icon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={label} secondary={hint} />
          </MenuItem>
        ))}
      </Menu>
      <SidesDialog
        open={sidesOpen}
        characters={characters}
        lineCounts={lineCounts}
        busy={busy !== null}
        onClose={() => setSidesOpen(false)}
        onDownload={async (name, ids) => {
          if (await download(name, ids)) setSidesOpen(false);
        }}
      />
    </>
  );
}

interface SidesDialogProps {
  open: boolean;
  characters: Character[];
  lineCounts: Map<string, number>;
  busy: boolean;
  onClose(): void;
  onDownload(name: ExportName, characterIds: string[]): Promise<void>;
}

/** Pick the characters (none picked: everyone with lines) and Word or PDF. */
function SidesDialog({ open, characters, lineCounts, busy, onClose, onDownload }: SidesDialogProps) {
  const [picked, setPicked] = useState<Character[]>([]);
  const [format, setFormat] = useState<'docx' | 'pdf'>('pdf');
  // Characters with lines first (most first), as the sides list them.
  const options = useMemo(
    () =>
      [...characters].sort(
        (a, b) => (lineCounts.get(b.id) ?? 0) - (lineCounts.get(a.id) ?? 0) || a.name.localeCompare(b.name),
      ),
    [characters, lineCounts],
  );
  const speaking = characters.filter((c) => (lineCounts.get(c.id) ?? 0) > 0).length;

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="sides-title">
      <DialogTitle id="sides-title">Download sides</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Each character's lines with the cue before them, the chapter and the position, and their voice notes on top.
        </DialogContentText>
        <Autocomplete
          multiple
          options={options}
          value={picked}
          onChange={(_, value) => setPicked(value)}
          getOptionLabel={(c) => c.name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          filterSelectedOptions
          renderOption={({ key, ...props }, c) => (
            <Box component="li" key={key} {...props} sx={{ display: 'flex', gap: 1.5 }}>
              <Box aria-hidden sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: c.color, flexShrink: 0 }} />
              <Box sx={{ flexGrow: 1 }}>{c.name}</Box>
              <Typography variant="body2" color="text.secondary">
                {lineCounts.get(c.id) ?? 0} lines
              </Typography>
            </Box>
          )}
          renderInput={(params) => (
            <TextField
              {...params}
              label="Characters"
              placeholder={picked.length ? '' : `All ${speaking} characters with lines`}
              helperText={picked.length ? undefined : 'Leave empty for every character with lines'}
            />
          )}
        />
        <RadioGroup
          row
          aria-label="Format"
          value={format}
          onChange={(e) => setFormat(e.target.value as 'docx' | 'pdf')}
          sx={{ mt: 2 }}
        >
          <FormControlLabel value="pdf" control={<Radio />} label="PDF" />
          <FormControlLabel value="docx" control={<Radio />} label="Word (.docx)" />
        </RadioGroup>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={busy}
          startIcon={busy ? <CircularProgress size={18} color="inherit" /> : <FileDownloadOutlinedIcon />}
          onClick={() =>
            void onDownload(
              `sides.${format}`,
              picked.map((c) => c.id),
            )
          }
        >
          Download
        </Button>
      </DialogActions>
    </Dialog>
  );
}
