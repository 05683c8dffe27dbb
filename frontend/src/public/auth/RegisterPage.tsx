// /register (SPEC §2, PRODUCT.md): the terms must be accepted; a token in the answer signs the user
// in and opens /stage, otherwise /login is opened with the email prefilled.
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  FormHelperText,
  Link,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { subscriptionTier, type SubscriptionTier } from '@castbook/contracts';
import { register as registerAccount } from '../../api/auth-api';
import { useAuth } from '../../auth/auth-context';
import { bind } from '../../forms/bind';
import { formErrorOf } from '../../forms/errors';
import { registerForm, type RegisterForm } from '../../forms/schemas';
import { PasswordField } from '../../components/PasswordField';
import { AuthShell } from './AuthShell';
import { PlanChoice } from './PlanChoice';

/** `?plan=` from the pricing page; an unknown plan leaves the choice to the user. */
function planFrom(param: string | null): string {
  if (param === null) return 'free';
  return (subscriptionTier.options as readonly string[]).includes(param) ? param : '';
}

export default function RegisterPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { startSession } = useAuth();
  const [serverError, setServerError] = useState<string | null>(null);

  const { register, control, handleSubmit, formState } = useForm<RegisterForm>({
    resolver: zodResolver(registerForm) as never,
    defaultValues: {
      name: '',
      email: '',
      password: '',
      confirmPassword: '',
      subscriptionTier: planFrom(params.get('plan')),
      acceptTerms: false,
    },
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    const email = values.email.trim();
    try {
      const session = await registerAccount({
        name: values.name.trim(),
        email,
        password: values.password,
        confirmPassword: values.confirmPassword,
        subscriptionTier: values.subscriptionTier as SubscriptionTier,
        acceptTerms: true,
      });
      if (session.token && (await startSession({ ...session, token: session.token }))) {
        toast.success('Successfully registered and logged in!');
        await navigate('/stage', { replace: true });
        return;
      }
      const next = new URLSearchParams({ redirect: '/stage', registeredEmail: email, status: 'registration_success' });
      await navigate(`/login?${next.toString()}`, { replace: true });
    } catch (err) {
      setServerError(formErrorOf(err, 'Registration failed. Please try again.'));
    }
  });

  return (
    <AuthShell
      wide
      title="Create your account"
      subtitle={
        <>
          Already have an account?{' '}
          <Link component={RouterLink} to="/login">
            Sign in
          </Link>
        </>
      }
    >
      <Box component="form" noValidate onSubmit={onSubmit} aria-label="Sign up">
        {serverError && (
          <Alert severity="error" sx={{ mb: 2.5 }} role="alert">
            {serverError}
          </Alert>
        )}
        <Stack spacing={0.5}>
          <TextField label="Name" autoComplete="name" autoFocus {...bind(register('name'), errors.name)} />
          <TextField label="Email" type="email" autoComplete="email" {...bind(register('email'), errors.email)} />
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
            <PasswordField
              label="Password"
              autoComplete="new-password"
              {...bind(register('password'), errors.password)}
            />
            <PasswordField
              label="Confirm password"
              autoComplete="new-password"
              {...bind(register('confirmPassword'), errors.confirmPassword)}
            />
          </Box>
          <Typography variant="caption" color="text.secondary" sx={{ mt: -0.5, mb: 1.5 }}>
            At least 8 characters with an uppercase and a lowercase letter, a number and a special character.
          </Typography>
          <Controller
            control={control}
            name="subscriptionTier"
            render={({ field, fieldState }) => (
              <PlanChoice value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
            )}
          />
        </Stack>
        <Box sx={{ mb: 2 }}>
          <FormControlLabel
            control={<Checkbox {...register('acceptTerms')} />}
            label={
              <Typography variant="body2">
                I accept the{' '}
                <Link component={RouterLink} to="/terms" target="_blank">
                  Terms of Service
                </Link>{' '}
                and the{' '}
                <Link component={RouterLink} to="/privacy" target="_blank">
                  Privacy Policy
                </Link>
              </Typography>
            }
          />
          <FormHelperText error sx={{ mt: 0 }}>
            {errors.acceptTerms?.message ?? ' '}
          </FormHelperText>
        </Box>
        <Button type="submit" variant="contained" size="large" fullWidth disabled={isSubmitting}>
          {isSubmitting ? 'Creating your account…' : 'Create account'}
        </Button>
      </Box>
    </AuthShell>
  );
}
