// The create-project form (SPEC §2, §4, §5), shared by the New Project dialog and
// /stage/projects/new: title, content typed or read from a .txt/.docx, an author (or a new one typed
// inline), an optional thumbnail. Submitting creates the project, detects its structure and starts
// its analysis, then opens it.
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  FormHelperText,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { AUTHOR_MESSAGES, authorName, createAuthor, rememberAuthor, useAuthors } from '../../api/authors-api';
import { statusOf } from '../../api/call-error';
import {
  analyzeProject,
  createProject,
  detectStructure,
  DOCUMENT_ACCEPT,
  isContentFile,
  parseDocument,
  PROJECT_MESSAGES,
  revalidateProjects,
} from '../../api/projects-api';
import { bind } from '../../forms/bind';
import { formErrorOf } from '../../forms/errors';
import { NEW_AUTHOR, PROJECT_FORM_MESSAGES, projectForm, type ProjectForm } from '../../forms/project-schemas';
import { ImagePicker } from '../ImagePicker';
import { isLimitMessage } from './project-limit';
import { projectToast } from './project-toast';

type Phase = 'idle' | 'creating' | 'detecting';

/** Line ends as the server stores them, so structure detection sees the very text that was saved. */
const lf = (text: string) => text.replace(/\r\n?/g, '\n');

const titleFromFile = (name: string) =>
  name
    .replace(/\.[^.]+$/, '')
    .replace(/[_-]+/g, ' ')
    .trim();

export function NewProjectForm({ onCancel, onFinished }: { onCancel?: () => void; onFinished?: () => void }) {
  const navigate = useNavigate();
  const { data: authors, isLoading: authorsLoading } = useAuthors();
  const [phase, setPhase] = useState<Phase>('idle');
  const [thumbnail, setThumbnail] = useState<File | null>(null);
  const [reading, setReading] = useState(false);
  const [loadedFrom, setLoadedFrom] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const { register, control, handleSubmit, formState, setValue, getValues, watch } = useForm<ProjectForm>({
    resolver: zodResolver(projectForm),
    defaultValues: { title: '', content: '', authorId: '', newFirstName: '', newLastName: '' },
  });
  const authorId = watch('authorId');
  // Without any author yet the only choice is a new one.
  const noAuthors = !authorsLoading && (authors?.length ?? 0) === 0;
  const inlineAuthor = authorId === NEW_AUTHOR;
  useEffect(() => {
    if (noAuthors && getValues('authorId') === '') setValue('authorId', NEW_AUTHOR);
  }, [noAuthors, getValues, setValue]);
  const busy = phase !== 'idle' || reading;

  const readFile = async (file: File) => {
    if (!isContentFile(file)) {
      projectToast.error('Please upload a .txt or .docx file', 'Invalid File');
      return;
    }
    setReading(true);
    setServerError(null);
    try {
      const text = lf(await parseDocument(file, file.name));
      setValue('content', text, { shouldDirty: true, shouldValidate: formState.isSubmitted });
      if (!getValues('title').trim()) setValue('title', titleFromFile(file.name), { shouldDirty: true });
      setLoadedFrom(file.name);
    } catch (err) {
      const message = formErrorOf(err, PROJECT_MESSAGES.parse);
      setServerError(message);
      projectToast.error(message);
    } finally {
      setReading(false);
    }
  };

  const fail = (message: string) => {
    setServerError(message);
    projectToast.error(message);
    setPhase('idle');
  };

  const onSubmit = handleSubmit(
    async (values) => {
      setServerError(null);
      setPhase('creating');
      let chosenAuthor = values.authorId;
      if (chosenAuthor === NEW_AUTHOR) {
        try {
          const author = await createAuthor({
            firstName: values.newFirstName.trim(),
            lastName: values.newLastName.trim(),
          });
          await rememberAuthor(author);
          chosenAuthor = author.id;
          // A retry after a failure below must not create the author twice.
          setValue('authorId', author.id);
          setValue('newFirstName', '');
          setValue('newLastName', '');
        } catch (err) {
          fail(formErrorOf(err, AUTHOR_MESSAGES.create));
          return;
        }
      }

      const content = lf(values.content);
      let projectId: string;
      try {
        const project = await createProject({ title: values.title.trim(), content, authorId: chosenAuthor, thumbnail });
        projectId = project.id;
      } catch (err) {
        const message = formErrorOf(err, PROJECT_MESSAGES.create);
        if (statusOf(err) === 403 && isLimitMessage(message)) {
          // SPEC §8: the limit closes the dialog and goes to the subscription page.
          projectToast.error(message);
          setPhase('idle');
          onFinished?.();
          void navigate('/stage/settings/subscription');
          return;
        }
        fail(message);
        return;
      }

      setPhase('detecting');
      try {
        // The text was saved a moment ago: the server detects on it without it travelling again.
        await detectStructure(projectId);
      } catch (err) {
        // The project exists; its workspace can detect the structure again.
        console.warn(PROJECT_MESSAGES.detect, err);
      }
      try {
        await analyzeProject(projectId);
      } catch (err) {
        console.warn(PROJECT_MESSAGES.analyze, err);
        projectToast.warning(
          'Project Created',
          'Project created but analysis failed to start. Please try analyzing manually.',
          { duration: 8_000 },
        );
      }
      await revalidateProjects(projectId);
      setPhase('idle');
      onFinished?.();
      void navigate(`/stage/projects/${projectId}`);
    },
    (errors) => {
      if (errors.authorId) projectToast.error(PROJECT_FORM_MESSAGES.selectAuthor);
    },
  );

  const submitLabel =
    phase === 'creating' ? 'Creating...' : phase === 'detecting' ? 'Detecting Structure...' : 'Create Project';

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="New project" aria-busy={busy}>
      {serverError && (
        <Alert severity="error" sx={{ mb: 2.5 }}>
          {serverError}
        </Alert>
      )}
      <TextField
        label="Title"
        autoComplete="off"
        disabled={phase !== 'idle'}
        {...bind(register('title'), formState.errors.title)}
      />

      <Box sx={{ mt: 1 }}>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 1,
            mb: 1,
            flexWrap: 'wrap',
          }}
        >
          <Typography variant="body2" fontWeight={600} component="span" id="content-label">
            Content
          </Typography>
          <Button
            size="small"
            variant="outlined"
            startIcon={reading ? <CircularProgress size={16} /> : <UploadFileOutlined />}
            disabled={busy}
            onClick={() => fileInput.current?.click()}
          >
            {reading ? 'Reading file…' : 'Upload .txt or .docx'}
          </Button>
          <input
            ref={fileInput}
            type="file"
            hidden
            accept={DOCUMENT_ACCEPT}
            aria-label="Upload a .txt or .docx file"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void readFile(file);
            }}
          />
        </Box>
        <TextField
          multiline
          minRows={7}
          maxRows={10}
          placeholder="Paste or type the text of your book or script, or upload a file."
          disabled={busy}
          slotProps={{ htmlInput: { 'aria-labelledby': 'content-label', spellCheck: false } }}
          {...bind(register('content'), formState.errors.content)}
          helperText={formState.errors.content?.message ?? (loadedFrom ? `Loaded from ${loadedFrom}` : ' ')}
          sx={{ '& textarea': { fontSize: '0.92rem', lineHeight: 1.55 } }}
        />
      </Box>

      <Controller
        control={control}
        name="authorId"
        render={({ field, fieldState }) => (
          <TextField
            select
            label="Author"
            disabled={phase !== 'idle' || authorsLoading}
            value={field.value}
            onChange={(e) => field.onChange(e.target.value)}
            onBlur={field.onBlur}
            inputRef={field.ref}
            name={field.name}
            error={!!fieldState.error}
            helperText={fieldState.error?.message ?? ' '}
            sx={{ mt: 1 }}
          >
            {(authors ?? []).map((a) => (
              <MenuItem key={a.id} value={a.id}>
                {authorName(a)}
              </MenuItem>
            ))}
            <MenuItem value={NEW_AUTHOR} sx={{ fontWeight: 600, color: 'primary.main' }}>
              + New author
            </MenuItem>
          </TextField>
        )}
      />
      {inlineAuthor && (
        <Box
          role="group"
          aria-label="New author"
          sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2, pb: 0.5, mb: 2 }}
        >
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            The new author is created with the project.
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
            <TextField
              label="First name"
              size="small"
              autoComplete="off"
              disabled={phase !== 'idle'}
              {...bind(register('newFirstName'), formState.errors.newFirstName)}
              helperText={undefined}
              sx={{ mb: { xs: 1.5, sm: 0 } }}
            />
            <TextField
              label="Last name"
              size="small"
              autoComplete="off"
              disabled={phase !== 'idle'}
              {...bind(register('newLastName'), formState.errors.newFirstName)}
              helperText={undefined}
            />
          </Stack>
          <FormHelperText error={!!formState.errors.newFirstName} sx={{ mx: 0, minHeight: 20, mb: 0.5 }}>
            {formState.errors.newFirstName?.message ?? ' '}
          </FormHelperText>
        </Box>
      )}

      <ImagePicker
        label="Thumbnail (optional)"
        file={thumbnail}
        onFileChange={setThumbnail}
        disabled={phase !== 'idle'}
        hint="Without one, the project gets a generated cover."
      />

      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 3 }}>
        {onCancel && (
          <Button color="inherit" onClick={onCancel} disabled={phase !== 'idle'}>
            Cancel
          </Button>
        )}
        <Button type="submit" variant="contained" disabled={busy}>
          {submitLabel}
        </Button>
      </Box>
    </Box>
  );
}
