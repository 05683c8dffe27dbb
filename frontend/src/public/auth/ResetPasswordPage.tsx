// The page the reset email links to: /reset-password?token=… → a new password with the sign-up rules.
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Link, Stack, Typography } from '@mui/material';
import { AUTH_MESSAGES } from '@castbook/contracts';
import { confirmPasswordReset } from '../../api/auth-api';
import { bind } from '../../forms/bind';
import { useFormSubmit } from '../../forms/use-form-submit';
import { resetPasswordForm, type ResetPasswordForm } from '../../forms/schemas';
import { PasswordField } from '../../components/PasswordField';
import { NarrowShell } from './AuthShell';

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const { serverError, submit } = useFormSubmit();
  const { register, handleSubmit, formState } = useForm<ResetPasswordForm>({
    resolver: zodResolver(resetPasswordForm),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = formState;

  if (!token) {
    return (
      <NarrowShell title="Reset link missing">
        <Alert severity="warning" sx={{ mb: 3 }}>
          {AUTH_MESSAGES.resetLinkInvalid}
        </Alert>
        <Button component={RouterLink} to="/forgot-password" variant="contained">
          Request a new link
        </Button>
      </NarrowShell>
    );
  }

  const onSubmit = handleSubmit(async ({ newPassword }) => {
    const done = await submit(() => confirmPasswordReset(token, newPassword), {
      failure: 'Failed to update password',
      success: 'Password updated successfully!',
    });
    if (done.ok) await navigate('/login', { replace: true });
  });

  return (
    <NarrowShell title="Choose a new password" subtitle="After this you can sign in with the new password.">
      <Box component="form" noValidate onSubmit={onSubmit} aria-label="Choose a new password">
        {serverError && (
          <Alert
            severity="error"
            sx={{ mb: 2.5 }}
            action={
              <Link component={RouterLink} to="/forgot-password" sx={{ alignSelf: 'center', whiteSpace: 'nowrap' }}>
                New link
              </Link>
            }
          >
            {serverError}
          </Alert>
        )}
        <Stack spacing={0.5}>
          <PasswordField
            label="New password"
            autoComplete="new-password"
            autoFocus
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
        <Button type="submit" variant="contained" size="large" fullWidth disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Set new password'}
        </Button>
      </Box>
    </NarrowShell>
  );
}
