// /stage/settings/change-password: POST /api/auth/update-password {id, currentPassword, newPassword}.
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { updatePassword } from '../api/auth-api';
import { getToken, setToken, TOKEN_KEY } from '../api/token';
import { useAuth } from '../auth/auth-context';
import { bind } from '../forms/bind';
import { useFormSubmit } from '../forms/use-form-submit';
import { changePasswordForm, type ChangePasswordForm } from '../forms/schemas';
import { PasswordField } from '../components/PasswordField';
import { FormCard } from './FormCard';
import { PageHeader } from './PageHeader';

/** A password change may end the current session; a fresh token in the answer keeps the user in. */
function keepFreshToken(data: unknown) {
  const token = (data as { token?: unknown } | null)?.token;
  if (typeof token !== 'string' || !getToken()) return;
  const remembered = (() => {
    try {
      return localStorage.getItem(TOKEN_KEY) !== null;
    } catch {
      return false;
    }
  })();
  setToken(token, remembered);
}

export default function ChangePasswordPage() {
  const { user } = useAuth();
  const { serverError, submit } = useFormSubmit();
  const { register, handleSubmit, formState, reset } = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordForm),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    if (!user) return;
    await submit(
      async () => {
        const answer = await updatePassword({ id: user.id, currentPassword, newPassword });
        keepFreshToken(answer.data);
        reset();
      },
      { failure: 'Failed to update password', toastFailure: true, success: 'Password updated successfully!' },
    );
  });

  return (
    <>
      <PageHeader title="Change password" description="Changing your password signs out your other devices." />
      <FormCard>
        <Box component="form" noValidate onSubmit={onSubmit} aria-label="Change password">
          {serverError && (
            <Alert severity="error" sx={{ mb: 2.5 }}>
              {serverError}
            </Alert>
          )}
          <Stack spacing={0.5}>
            <PasswordField
              label="Current password"
              autoComplete="current-password"
              {...bind(register('currentPassword'), errors.currentPassword)}
            />
            <PasswordField
              label="New password"
              autoComplete="new-password"
              {...bind(register('newPassword'), errors.newPassword)}
            />
            <PasswordField
              label="Confirm new password"
              autoComplete="new-password"
              {...bind(register('confirmPassword'), errors.confirmPassword)}
            />
          </Stack>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 2 }}>
            At least 8 characters with an uppercase and a lowercase letter, a number and a special character.
          </Typography>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {isSubmitting ? 'Updating…' : 'Update password'}
          </Button>
        </Box>
      </FormCard>
    </>
  );
}
