import { useMutation } from '@tanstack/react-query';
import { apiJson, apiRequest, queryClient, serverMessage, USER_KEY, type LoginPayload, type RegisterPayload, type User } from '../api/http';
import { toast } from './toast';

/*
 * Signing in, registering and signing out, with the toast each shows. They live in ui/, not api/: the HTTP client
 * (api/) sits below the components and shows nothing itself (docs/architecture.md, "Layers").
 */

export function useLoginMutation() {
  return useMutation({
    mutationFn: (credentials: LoginPayload) => apiJson<User>('POST', '/api/login', credentials),
    onSuccess: (user) => {
      signedOutHere = false;
      queryClient.setQueryData(USER_KEY, user);
      toast({ title: 'Login successful', description: `Welcome back, ${user.username}!` });
    },
    onError: (error) => {
      toast({ title: 'Login failed', description: serverMessage(error, 'Invalid username or password'), variant: 'destructive' });
    },
  });
}

export function useRegisterMutation() {
  return useMutation({
    mutationFn: (payload: RegisterPayload) => apiJson<User>('POST', '/api/register', payload),
    onSuccess: (user) => {
      signedOutHere = false;
      queryClient.setQueryData(USER_KEY, user);
      toast({ title: 'Registration successful', description: `Welcome, ${user.username}!` });
    },
    onError: (error) => {
      toast({ title: 'Registration failed', description: serverMessage(error, 'Failed to create account'), variant: 'destructive' });
    },
  });
}

/**
 * True after the visitor signed out in this tab (until they sign in again): a protected page they were on then
 * sends them home, not to /auth as if their session had ended by itself.
 */
let signedOutHere = false;
export const signedOutInThisTab = () => signedOutHere;

export function useLogoutMutation() {
  return useMutation({
    mutationFn: async () => {
      await apiRequest('POST', '/api/logout');
    },
    onSuccess: () => {
      signedOutHere = true;
      queryClient.setQueryData(USER_KEY, null);
      void queryClient.invalidateQueries({ queryKey: ['/api/qrcodes'] });
      toast({ title: 'Logged out', description: 'You have been successfully logged out' });
    },
    onError: (error) => {
      toast({ title: 'Logout failed', description: error instanceof Error ? error.message : String(error), variant: 'destructive' });
    },
  });
}
