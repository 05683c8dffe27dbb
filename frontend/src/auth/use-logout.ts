// Logout as SPEC §4 describes it: the client signs out even when the server call fails, then /login.
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { useAuth } from './auth-context';
import { logoutTarget } from './redirect';

export function useLogout() {
  const { logout, finishLogout } = useAuth();
  const navigate = useNavigate();
  return useCallback(async () => {
    const ok = await logout();
    if (ok) toast.success('Successfully logged out!');
    else toast.error('Failed to logout');
    await navigate(logoutTarget(ok), { replace: true });
    finishLogout(ok);
  }, [logout, finishLogout, navigate]);
}
