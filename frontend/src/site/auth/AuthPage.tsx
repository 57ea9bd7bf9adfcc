import GoogleIcon from '@mui/icons-material/Google';
import { Box, Button, Container, Divider, Link, Paper, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { useLoginMutation, useRegisterMutation, useUser } from '../../api/http';
import { Brand } from '../../ui/Brand';
import { LoadingScreen } from '../../ui/LoadingScreen';
import { toast } from '../../ui/toast';
import { usePageTitle } from '../../ui/usePageTitle';
import { validateLogin, validateRegister, type CredentialErrors, type Credentials } from './auth-validation';

type View = 'login' | 'register';

/** Google sign-in is a full browser navigation: the server answers /auth/google with a redirect. */
const startGoogle = () => window.location.assign('/auth/google');

export function AuthPage() {
  usePageTitle('Login to QR Generator');
  const { user, isLoading } = useUser();
  const [params] = useSearchParams();
  const [view, setView] = useState<View>(params.get('mode') === 'register' ? 'register' : 'login');
  const [fields, setFields] = useState<Credentials>({ email: '', password: '' });
  const [errors, setErrors] = useState<CredentialErrors>({});
  const login = useLoginMutation();
  const register = useRegisterMutation();

  if (isLoading) return <LoadingScreen minHeight="100vh" />;
  if (user) return <Navigate to="/" replace />;

  const switchView = (next: View) => {
    setView(next);
    setErrors({});
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = view === 'login' ? validateLogin(fields) : validateRegister(fields);
    setErrors(found);
    if (Object.keys(found).length) return;
    const email = fields.email.trim();
    if (view === 'login') {
      login.mutate({ username: email, password: fields.password });
    } else {
      register.mutate({ username: email, email, password: fields.password, confirmPassword: fields.password, firstName: '', lastName: '' });
    }
  };

  const busy = login.isPending || register.isPending;
  const isLogin = view === 'login';

  return (
    <Box component="main" sx={{ minHeight: '100vh', bgcolor: 'background.default', py: { xs: 3, sm: 6 } }}>
      <Container maxWidth="xs">
        <Box sx={{ mb: 3, textAlign: 'center' }}>
          <Brand />
        </Box>
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 } }}>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mb: 1 }}>
            {isLogin ? 'Welcome back!' : 'Create Account'}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {isLogin ? 'Sign in to manage your QR codes and analytics.' : 'Free forever, no credit card required. It takes 30 seconds.'}
          </Typography>
          <Box component="form" noValidate onSubmit={onSubmit} aria-label={isLogin ? 'Sign in' : 'Create account'}>
            <Stack spacing={2}>
              <TextField
                type="email"
                name="email"
                label="Email"
                autoComplete={isLogin ? 'username' : 'email'}
                value={fields.email}
                onChange={(event) => setFields((previous) => ({ ...previous, email: event.target.value }))}
                error={Boolean(errors.email)}
                helperText={errors.email}
                fullWidth
                autoFocus
              />
              <TextField
                type="password"
                name="password"
                label="Password"
                autoComplete={isLogin ? 'current-password' : 'new-password'}
                value={fields.password}
                onChange={(event) => setFields((previous) => ({ ...previous, password: event.target.value }))}
                error={Boolean(errors.password)}
                helperText={errors.password}
                fullWidth
              />
              {isLogin && (
                <Box sx={{ textAlign: 'right' }}>
                  <Link
                    component="button"
                    type="button"
                    variant="body2"
                    onClick={() =>
                      toast({
                        title: 'Forgot my password',
                        description: 'Password reset by email is coming soon. Please contact support to reset your password.',
                      })
                    }
                  >
                    Forgot my password
                  </Link>
                </Box>
              )}
              <Button type="submit" variant="contained" size="large" disabled={busy} fullWidth>
                {isLogin ? (busy ? 'Signing in...' : 'Sign In') : busy ? 'Creating account...' : 'Create Account'}
              </Button>
            </Stack>
          </Box>
          <Divider sx={{ my: 3 }}>or</Divider>
          <Button variant="outlined" size="large" fullWidth startIcon={<GoogleIcon />} onClick={startGoogle}>
            {isLogin ? 'Sign in with Google' : 'Sign up with Google'}
          </Button>
          <Box sx={{ mt: 3, textAlign: 'center' }}>
            {isLogin ? (
              <Typography>
                New here?{' '}
                <Link component="button" type="button" onClick={() => switchView('register')} sx={{ verticalAlign: 'baseline' }}>
                  Create a free account
                </Link>
              </Typography>
            ) : (
              <Typography>
                Already have an account?{' '}
                <Link component="button" type="button" onClick={() => switchView('login')} sx={{ verticalAlign: 'baseline' }}>
                  Sign In
                </Link>
              </Typography>
            )}
          </Box>
        </Paper>
      </Container>
    </Box>
  );
}
