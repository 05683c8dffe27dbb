// The author form of SPEC §5 (first name, last name, optional avatar), shared by the New Author
// dialog, /stage/authors/new and the author's own page (edit, with Remove avatar).
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Stack, TextField } from '@mui/material';
import type { Author } from '@castbook/contracts';
import { useAuthedImage } from '../../api/authed-image';
import {
  AUTHOR_MESSAGES,
  authorName,
  createAuthor,
  rememberAuthor,
  removeAuthorAvatar,
  updateAuthor,
} from '../../api/authors-api';
import { initialsOf } from '../../components/UserAvatar';
import { bind } from '../../forms/bind';
import { useFormSubmit } from '../../forms/use-form-submit';
import { authorForm, type AuthorForm as AuthorFormValues } from '../../forms/project-schemas';
import { ImagePicker } from '../ImagePicker';

export function AuthorForm({
  author,
  onDone,
  onCancel,
  autoFocus,
}: {
  /** The author being edited; without one the form creates a new author. */
  author?: Author;
  onDone?: (author: Author) => void;
  onCancel?: () => void;
  autoFocus?: boolean;
}) {
  const editing = !!author;
  const [avatar, setAvatar] = useState<File | null>(null);
  const { serverError, submit } = useFormSubmit();
  const [removing, setRemoving] = useState(false);
  const currentAvatar = useAuthedImage(author?.avatar);
  const { register, handleSubmit, formState, reset, watch } = useForm<AuthorFormValues>({
    resolver: zodResolver(authorForm),
    defaultValues: { firstName: author?.firstName ?? '', lastName: author?.lastName ?? '' },
  });
  const [firstName, lastName] = watch(['firstName', 'lastName']);

  const onSubmit = handleSubmit(async (values) => {
    const names = { firstName: values.firstName.trim(), lastName: values.lastName.trim() };
    const done = await submit(
      async () => {
        const saved = editing
          ? await updateAuthor(author.id, { ...names, avatar })
          : await createAuthor({ ...names, avatar });
        await rememberAuthor(saved);
        setAvatar(null);
        reset(names);
        return saved;
      },
      {
        failure: editing ? AUTHOR_MESSAGES.update : AUTHOR_MESSAGES.create,
        toastFailure: true,
        success: (saved) => (editing ? 'Author updated' : `${authorName(saved)} was added`),
      },
    );
    if (done.ok) onDone?.(done.value);
  });

  const removeAvatar = async () => {
    if (!author) return;
    setRemoving(true);
    await submit(async () => rememberAuthor(await removeAuthorAvatar(author.id)), {
      failure: AUTHOR_MESSAGES.removeAvatar,
      toastFailure: true,
      success: 'Avatar removed',
    });
    setRemoving(false);
  };

  const busy = formState.isSubmitting || removing;
  const dirty = formState.isDirty || !!avatar;

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={editing ? 'Edit author' : 'New author'}>
      {serverError && (
        <Alert severity="error" sx={{ mb: 2.5 }}>
          {serverError}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
        <TextField
          label="First name"
          autoComplete="off"
          autoFocus={autoFocus}
          disabled={busy}
          {...bind(register('firstName'), formState.errors.firstName)}
        />
        <TextField
          label="Last name"
          autoComplete="off"
          disabled={busy}
          {...bind(register('lastName'), formState.errors.lastName)}
        />
      </Stack>
      <Box sx={{ mt: 1 }}>
        <ImagePicker
          label="Avatar (optional)"
          shape="circle"
          file={avatar}
          onFileChange={setAvatar}
          currentSrc={currentAvatar}
          onRemoveCurrent={editing ? () => void removeAvatar() : undefined}
          removeLabel="Remove avatar"
          fallback={initialsOf(`${firstName} ${lastName}`.trim() || '?')}
          disabled={busy}
          hint="PNG, JPEG, WebP or GIF, up to 5 MB."
        />
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 3 }}>
        {onCancel && (
          <Button color="inherit" onClick={onCancel} disabled={formState.isSubmitting}>
            Cancel
          </Button>
        )}
        <Button type="submit" variant="contained" disabled={busy || (editing && !dirty)}>
          {formState.isSubmitting ? 'Saving…' : editing ? 'Save changes' : 'Create author'}
        </Button>
      </Box>
    </Box>
  );
}
