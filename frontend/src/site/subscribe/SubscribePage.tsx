import CheckIcon from '@mui/icons-material/Check';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  Container,
  Grid,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { createElement, useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { apiJson, serverMessage, useUser } from '../../api/http';
import type { ApiAnswer } from '../../api/types';
import { LoadingScreen } from '../../ui/LoadingScreen';
import { PageHeader } from '../../ui/PageHeader';
import { toast } from '../../ui/toast';
import { usePageTitle } from '../../ui/usePageTitle';
import { usePlan } from '../../ui/usePlan';
import { PAYMENTS_NOT_CONFIGURED, usePaymentsConfig } from '../payment/payments-config';

const PRICING_TABLE_SCRIPT = 'https://js.stripe.com/v3/pricing-table.js';

const FREE_FEATURES = [
  'Unlimited static QR codes',
  'All free content types',
  'Colours, shapes and frames',
  'PNG and SVG downloads',
  'A few dynamic codes with scan counts',
] as const;
const PREMIUM_FEATURES = [
  'Unlimited dynamic QR codes',
  'Advanced analytics',
  'Logo embedding and gradients',
  'Bulk generation',
  'Pause and resume campaigns',
  'No ads',
] as const;

/** How long the provider's script may take before our own plan card is shown instead (offline, very slow). */
const SCRIPT_TIMEOUT_MS = 8000;

/** Loads Stripe's pricing-table script once: 'loaded', or 'failed' when it is blocked, offline or too slow. */
function usePricingTableScript(enabled: boolean): 'pending' | 'loaded' | 'failed' {
  const [state, setState] = useState<'pending' | 'loaded' | 'failed'>(() =>
    typeof customElements !== 'undefined' && customElements.get('stripe-pricing-table') !== undefined ? 'loaded' : 'pending',
  );
  useEffect(() => {
    if (!enabled || state !== 'pending') return;
    const existing = document.querySelector<HTMLScriptElement>(`script[src="${PRICING_TABLE_SCRIPT}"]`);
    const script = existing ?? Object.assign(document.createElement('script'), { src: PRICING_TABLE_SCRIPT, async: true });
    const onLoad = () => setState(customElements.get('stripe-pricing-table') ? 'loaded' : 'failed');
    const onError = () => {
      script.remove();
      setState('failed');
    };
    const timer = window.setTimeout(onError, SCRIPT_TIMEOUT_MS);
    script.addEventListener('load', onLoad);
    script.addEventListener('error', onError);
    if (!existing) document.head.appendChild(script);
    return () => {
      window.clearTimeout(timer);
      script.removeEventListener('load', onLoad);
      script.removeEventListener('error', onError);
    };
  }, [enabled, state]);
  return state;
}

/** POST /api/billing/checkout, then on to Stripe Checkout; the webhook, not the return, makes the account Premium. */
function useStartCheckout() {
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    try {
      const { url } = await apiJson<ApiAnswer<'/api/billing/checkout', 'post'>>('POST', '/api/billing/checkout');
      window.location.assign(url);
    } catch (error) {
      toast({ title: 'Payment error', description: serverMessage(error, 'Could not process payment setup'), variant: 'destructive' });
      setBusy(false);
    }
  };
  return { busy, start };
}

function PlanCard({
  name,
  price,
  features,
  current,
  action,
}: {
  name: string;
  price: string;
  features: readonly string[];
  /** The chip on the person's plan: 'Current Plan', or the running trial ('Free trial (2 days left)'). */
  current: string | null;
  action: React.ReactNode;
}) {
  return (
    <Card
      variant="outlined"
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        borderWidth: name === 'Premium' ? 2 : 1,
        borderColor: name === 'Premium' ? 'primary.main' : 'divider',
      }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
            {name}
          </Typography>
          {current && <Chip size="small" label={current} color="success" data-testid={`plan-chip-${name}`} />}
        </Box>
        <Typography variant="h3" component="p" sx={{ fontWeight: 800, my: 2 }}>
          {price}
        </Typography>
        <List dense>
          {features.map((feature) => (
            <ListItem key={feature} disableGutters>
              <ListItemIcon sx={{ minWidth: 32 }}>
                <CheckIcon color="success" fontSize="small" aria-hidden="true" />
              </ListItemIcon>
              <ListItemText primary={feature} />
            </ListItem>
          ))}
        </List>
      </CardContent>
      <CardActions sx={{ p: 2 }}>{action}</CardActions>
    </Card>
  );
}

export function SubscribePage() {
  usePageTitle('Pricing - QR Code Sharks');
  const { user } = useUser();
  const [params] = useSearchParams();
  const payments = usePaymentsConfig();
  const config = payments.data;
  const pricingTableId = config?.configured ? config.pricingTableId : null;
  const publishableKey = config?.configured ? config.publishableKey : null;
  const script = usePricingTableScript(Boolean(pricingTableId && publishableKey));
  const hosted = Boolean(pricingTableId && publishableKey) && script !== 'failed';
  const premium = user?.subscriptionStatus === 'active' || user?.subscriptionStatus === 'trialing';
  // While the free trial runs, the person has Premium's features: that card says so and how long.
  const plan = usePlan();
  const trial = plan?.trialRunning ? plan.label : null;
  const checkout = useStartCheckout();
  const canSubscribe = Boolean(config?.subscriptions);

  return (
    <>
      <PageHeader
        title="Simple, fair pricing"
        subtitle="Start with a 3-day free trial: 12 dynamic QR codes, analytics and branding, no card required."
      />
      <Container maxWidth="md" sx={{ py: 6 }}>
        {plan && (
          <Typography sx={{ textAlign: 'center', mb: 3 }} data-testid="current-plan">
            Your plan: <strong>{plan.label}</strong>
          </Typography>
        )}
        {params.get('checkout') === 'success' && !premium && (
          <Alert severity="info" sx={{ mb: 3 }}>
            Thank you! Your subscription starts as soon as the payment provider confirms it; this can take a few seconds.
          </Alert>
        )}
        {payments.isLoading ? (
          <LoadingScreen minHeight={300} />
        ) : hosted ? (
          <Box data-testid="hosted-pricing-table">
            {script === 'loaded' ? (
              createElement('stripe-pricing-table', {
                'pricing-table-id': pricingTableId,
                'publishable-key': publishableKey,
                'customer-email': user?.email || user?.username || undefined,
                'client-reference-id': user?.id || undefined,
              })
            ) : (
              <LoadingScreen minHeight={300} />
            )}
          </Box>
        ) : (
          <Grid container spacing={3} data-testid="pricing-table">
            <Grid size={{ xs: 12, sm: 6 }}>
              <PlanCard
                name="Free"
                price="$0"
                features={FREE_FEATURES}
                current={user && !premium && !trial ? 'Current Plan' : null}
                action={
                  <Button component={RouterLink} to="/" variant="outlined" fullWidth>
                    Create a QR code
                  </Button>
                }
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <PlanCard
                name="Premium"
                price="$9.99/month"
                features={PREMIUM_FEATURES}
                current={premium ? 'Current Plan' : trial}
                action={
                  <Stack spacing={1} sx={{ width: '100%' }}>
                    {!canSubscribe && !premium && (
                      <Alert severity="info" data-testid="payments-not-configured">
                        {PAYMENTS_NOT_CONFIGURED}
                      </Alert>
                    )}
                    {user ? (
                      <Button
                        variant="contained"
                        fullWidth
                        disabled={premium || !canSubscribe || checkout.busy}
                        onClick={() => void checkout.start()}
                      >
                        {checkout.busy ? 'Opening checkout...' : 'Upgrade to Premium'}
                      </Button>
                    ) : (
                      <Button component={RouterLink} to="/auth?mode=register" variant="contained" fullWidth>
                        Upgrade to Premium
                      </Button>
                    )}
                  </Stack>
                }
              />
            </Grid>
          </Grid>
        )}
        <Typography color="text.secondary" sx={{ textAlign: 'center', mt: 4 }}>
          Not sure yet? Start with a 3-day free trial of Premium. No credit card required, cancel any time.
        </Typography>
      </Container>
    </>
  );
}
