import { Dialog, DialogContent, DialogTitle, useMediaQuery, useTheme } from '@mui/material';
import type { Author } from '@castbook/contracts';
import { AuthorForm } from './AuthorForm';

/** The New Author dialog of /stage/authors (SPEC §2); /stage/authors/new shows the same form. */
export function NewAuthorDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated?: (author: Author) => void;
}) {
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby="new-author-title"
    >
      <DialogTitle id="new-author-title">New author</DialogTitle>
      <DialogContent sx={{ pt: '8px !important' }}>
        {open && (
          <AuthorForm
            autoFocus
            onCancel={onClose}
            onDone={(author) => {
              onClose();
              onCreated?.(author);
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
