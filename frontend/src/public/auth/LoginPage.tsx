// /login (SPEC §2, PRODUCT.md): prefilled email after sign-up, remember me, forgot password, and the
// redirect back to where the user was going, with the 1-second full-page fallback.
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { Alert, Box, Button, Checkbox, FormControlLabel, Link, Stack, TextField, Typography } from '@mui/material';
import { useAuth } from '../../auth/auth-context';
import { safeRedirect } from '../../auth/redirect';
import { LOGIN_FALLBACK_MS } from '../../config';
import { bind } from '../../forms/bind';
import { formErrorOf } from '../../forms/errors';
import { loginForm, type LoginForm } from '../../forms/schemas';
import { PasswordField } from '../../components/PasswordField';
import { AuthShell } from './AuthShell';

export default function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { login, status } = useAuth();
  const target = safeRedirect(params.get('redirect'));
  const [serverError, setServerError] = useState<string | null>(null);
  const submitted = useRef(false);
  // The fallback below belongs to this visit of /login: once it has unmounted (the navigation worked),
  // a later visit (after logging out within the second) must not be sent on.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const { register, handleSubmit, formState } = useForm<LoginForm>({
    resolver: zodResolver(loginForm),
    defaultValues: { email: params.get('registeredEmail') ?? '', password: '', rememberMe: false },
  });
  const { errors, isSubmitting } = formState;

  useEffect(() => {
    if (params.get('status') === 'registration_success') {
      // A fixed id keeps the toast single when effects run twice (React strict mode, back navigation).
      toast.success('Registration successful! Please login to continue.', { id: 'registration-success' });
    }
  }, [params]);

  // Already signed in (e.g. a reload restored the session): go where the user was heading.
  useEffect(() => {
    if (status === 'authenticated' && !submitted.current) void navigate(target, { replace: true });
  }, [status, target, navigate]);

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    submitted.current = true;
    try {
      await login({ email: values.email.trim(), password: values.password, rememberMe: values.rememberMe });
    } catch (err) {
      submitted.current = false;
      setServerError(formErrorOf(err, 'Invalid email or password'));
      return;
    }
    toast.success('Successfully logged in!');
    await navigate(target, { replace: true });
    // If a lazy route or a blocked transition left us here, a full page load gets the user there.
    setTimeout(() => {
      if (mounted.current && window.location.pathname === '/login') window.location.assign(target);
    }, LOGIN_FALLBACK_MS);
  });

  const registerHref = params.get('redirect') ? `/register?redirect=${encodeURIComponent(target)}` : '/register';
  return (
    <AuthShell
      title="Welcome back"
      subtitle={
        <>
          New to Castbook?{' '}
          <Link component={RouterLink} to={registerHref}>
            Create a free account
          </Link>
        </>
      }
    >
      <Box component="form" noValidate onSubmit={onSubmit} aria-label="Sign in">
        {serverError && (
          <Alert severity="error" sx={{ mb: 2.5 }} role="alert">
            {serverError}
          </Alert>
        )}
        <Stack spacing={0.5}>
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            autoFocus={!params.get('registeredEmail')}
            {...bind(register('email'), errors.email)}
          />
          <PasswordField
            label="Password"
            autoComplete="current-password"
            autoFocus={!!params.get('registeredEmail')}
            {...bind(register('password'), errors.password)}
          />
        </Stack>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            flexWrap: 'wrap',
            gap: 1,
            mb: 3,
          }}
        >
          <FormControlLabel control={<Checkbox {...register('rememberMe')} />} label="Remember me for 30 days" />
          <Link component={RouterLink} to="/forgot-password" variant="body2">
            Forgot password?
          </Link>
        </Box>
        <Button type="submit" variant="contained" size="large" fullWidth disabled={isSubmitting}>
          {isSubmitting ? 'Signing in…' : 'Sign In'}
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2.5, textAlign: 'center' }}>
          Don&apos;t have an account?{' '}
          <Link component={RouterLink} to={registerHref}>
            Sign up
          </Link>
        </Typography>
      </Box>
    </AuthShell>
  );
}
