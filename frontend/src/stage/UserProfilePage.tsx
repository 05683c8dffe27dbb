// /stage/settings/user-profile: the display name (POST /api/users/update-profile {id, name}).
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, TextField } from '@mui/material';
import { updateProfile } from '../api/auth-api';
import { useAuth } from '../auth/auth-context';
import { bind } from '../forms/bind';
import { useFormSubmit } from '../forms/use-form-submit';
import { profileForm, type ProfileForm } from '../forms/schemas';
import { FormCard } from './FormCard';
import { PageHeader } from './PageHeader';

export default function UserProfilePage() {
  const { user, setUser } = useAuth();
  const { serverError, submit } = useFormSubmit();
  const { register, handleSubmit, formState, reset } = useForm<ProfileForm>({
    resolver: zodResolver(profileForm),
    defaultValues: { name: user?.name ?? '' },
  });

  const onSubmit = handleSubmit(async ({ name }) => {
    if (!user) return;
    await submit(
      async () => {
        const updated = await updateProfile({ id: user.id, name: name.trim() });
        setUser(updated ?? { ...user, name: name.trim() });
        reset({ name: name.trim() });
      },
      { failure: 'Failed to update profile', toastFailure: true, success: 'Profile updated successfully' },
    );
  });

  return (
    <>
      <PageHeader title="User profile" description="This is the name Castbook shows on your account." />
      <FormCard>
        <Box component="form" noValidate onSubmit={onSubmit} aria-label="User profile">
          {serverError && (
            <Alert severity="error" sx={{ mb: 2.5 }}>
              {serverError}
            </Alert>
          )}
          <TextField
            label="Email"
            value={user?.email ?? ''}
            // Read-only rather than disabled: the address stays legible (axe color-contrast) and copyable.
            slotProps={{ input: { readOnly: true } }}
            helperText="Your sign-in email cannot be changed here."
            sx={{ mb: 2 }}
          />
          <TextField label="Display name" autoComplete="name" {...bind(register('name'), formState.errors.name)} />
          <Button
            type="submit"
            variant="contained"
            disabled={formState.isSubmitting || !formState.isDirty}
            sx={{ mt: 1 }}
          >
            {formState.isSubmitting ? 'Saving…' : 'Save changes'}
          </Button>
        </Box>
      </FormCard>
    </>
  );
}
