// 'Forgot password?' (PRODUCT.md): ask for the email, then say a link is on its way. The answer is
// the same whether or not the address has an account, so the page never reveals that either.
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Link, TextField, Typography } from '@mui/material';
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import { requestPasswordReset } from '../../api/auth-api';
import { bind } from '../../forms/bind';
import { useFormSubmit } from '../../forms/use-form-submit';
import { forgotPasswordForm, type ForgotPasswordForm } from '../../forms/schemas';
import { NarrowShell } from './AuthShell';

export default function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { serverError, submit } = useFormSubmit();
  const { register, handleSubmit, formState } = useForm<ForgotPasswordForm>({
    resolver: zodResolver(forgotPasswordForm),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    const sent = await submit(() => requestPasswordReset(email.trim()), {
      failure: 'Could not send the reset link. Please try again.',
    });
    if (sent.ok) setSentTo(email.trim());
  });

  if (sentTo) {
    return (
      <NarrowShell title="Check your email">
        <Box sx={{ textAlign: 'center', py: 2 }}>
          <MarkEmailReadOutlined color="primary" sx={{ fontSize: 56, mb: 2 }} />
          <Typography sx={{ mb: 1 }}>
            If an account exists for <strong>{sentTo}</strong>, we have sent it a link to choose a new password.
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            The link works once and expires after one hour. Check your spam folder if it does not arrive.
          </Typography>
          <Button component={RouterLink} to="/login" variant="contained">
            Back to sign in
          </Button>
        </Box>
      </NarrowShell>
    );
  }

  return (
    <NarrowShell
      title="Forgot your password?"
      subtitle="Enter the email you signed up with and we will send you a link to choose a new one."
    >
      <Box component="form" noValidate onSubmit={onSubmit} aria-label="Reset password">
        {serverError && (
          <Alert severity="error" sx={{ mb: 2.5 }}>
            {serverError}
          </Alert>
        )}
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          autoFocus
          {...bind(register('email'), formState.errors.email)}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          disabled={formState.isSubmitting}
          sx={{ mt: 1 }}
        >
          {formState.isSubmitting ? 'Sending…' : 'Send reset link'}
        </Button>
        <Typography variant="body2" sx={{ mt: 2.5, textAlign: 'center' }}>
          <Link component={RouterLink} to="/login">
            Back to sign in
          </Link>
        </Typography>
      </Box>
    </NarrowShell>
  );
}
