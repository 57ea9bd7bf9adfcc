import GoogleIcon from '@mui/icons-material/Google';
import { Box, Button, Container, Divider, Link, Paper, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Navigate, Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { useUser } from '../../api/http';
import { useLoginMutation, useRegisterMutation } from '../../ui/session-mutations';
import { Brand } from '../../ui/Brand';
import { LoadingScreen } from '../../ui/LoadingScreen';
import { activateTrial } from '../../ui/TrialCard';
import { usePageTitle } from '../../ui/usePageTitle';
import { validateLogin, validateRegister, type CredentialErrors, type Credentials } from './auth-validation';

type View = 'login' | 'register';

/** Google sign-in is a full browser navigation: the server answers /auth/google with a redirect. */
const startGoogle = () => window.location.assign('/auth/google');

/** Where to go after signing in: ?next= when it is a path of this site, else home. */
function safeNext(value: string | null): string {
  return value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : '/';
}

/** What the home page learns from the auth page: a new account is greeted 'Welcome, {username}!'. */
export interface AuthNavigationState {
  newUser?: boolean;
}

export function AuthPage() {
  usePageTitle('Login to QR Generator');
  const { user, isLoading } = useUser();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [view, setView] = useState<View>(params.get('mode') === 'register' ? 'register' : 'login');
  // The landing page's trial card carries the visitor's email over (?email=) and asks for the trial (?trial=1).
  const [fields, setFields] = useState<Credentials>({ email: params.get('email') ?? '', password: '' });
  const [errors, setErrors] = useState<CredentialErrors>({});
  // While signing in and starting the trial, the page stays (the session arrives before the trial is started).
  const [finishing, setFinishing] = useState(false);
  const login = useLoginMutation();
  const register = useRegisterMutation();
  const withTrial = params.get('trial') === '1';
  const next = safeNext(params.get('next'));

  if (isLoading) return <LoadingScreen minHeight="100vh" />;
  if (user && !finishing) return <Navigate to={next} replace />;

  const switchView = (next: View) => {
    setView(next);
    setErrors({});
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = view === 'login' ? validateLogin(fields) : validateRegister(fields);
    setErrors(found);
    if (Object.keys(found).length) return;
    const email = fields.email.trim();
    setFinishing(true);
    try {
      if (view === 'login') {
        await login.mutateAsync({ username: email, password: fields.password });
      } else {
        await register.mutateAsync({
          username: email,
          email,
          password: fields.password,
          confirmPassword: fields.password,
          firstName: '',
          lastName: '',
        });
      }
    } catch {
      // the mutation's own toast says why
      setFinishing(false);
      return;
    }
    if (withTrial) await activateTrial(email);
    const state: AuthNavigationState | undefined = view === 'register' ? { newUser: true } : undefined;
    navigate(next, { replace: true, state });
  };

  const busy = login.isPending || register.isPending || finishing;
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
          <Typography color="text.secondary" sx={{ mb: withTrial ? 1 : 3 }}>
            {isLogin ? 'Sign in to manage your QR codes and analytics.' : 'Free forever, no credit card required.'}
          </Typography>
          {withTrial && (
            <Typography sx={{ mb: 3 }} data-testid="trial-notice">
              Your 3-day free trial starts as soon as you {isLogin ? 'sign in' : 'create your account'}.
            </Typography>
          )}
          <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)} aria-label={isLogin ? 'Sign in' : 'Create account'}>
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
                    component={RouterLink}
                    variant="body2"
                    to={
                      fields.email.trim()
                        ? `/auth/forgot-password?email=${encodeURIComponent(fields.email.trim())}`
                        : '/auth/forgot-password'
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
