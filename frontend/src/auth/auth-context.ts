import { createContext, useContext } from 'react';
import type { AuthSession, User } from '@castbook/contracts';
import type { LoginInput } from '../api/auth-api';
import type { AuthState } from './auth-machine';

export interface AuthContextValue extends AuthState {
  login(input: LoginInput): Promise<User>;
  /** After registration answered with a token: store it and load the session. */
  startSession(session: Partial<AuthSession> & { token: string }): Promise<boolean>;
  /** Ends the session; resolves false when the server call failed (the client is signed out anyway). */
  logout(): Promise<boolean>;
  finishLogout(ok: boolean): void;
  setUser(user: User): void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
