import CheckIcon from '@mui/icons-material/Check';
import {
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
  Typography,
} from '@mui/material';
import { createElement, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useUser } from '../../api/http';
import { LoadingScreen } from '../../ui/LoadingScreen';
import { PageHeader } from '../../ui/PageHeader';
import { usePageTitle } from '../../ui/usePageTitle';
import { useWhiteLabelConfig } from '../../ui/white-label';

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

function usePricingTableScript(enabled: boolean) {
  // Loaded once per page: a second visit finds the element already defined.
  const [loaded, setLoaded] = useState(
    () => typeof customElements !== 'undefined' && customElements.get('stripe-pricing-table') !== undefined,
  );
  useEffect(() => {
    if (!enabled || loaded) return;
    const existing = document.querySelector<HTMLScriptElement>(`script[src="${PRICING_TABLE_SCRIPT}"]`);
    const script = existing ?? Object.assign(document.createElement('script'), { src: PRICING_TABLE_SCRIPT, async: true });
    const onLoad = () => setLoaded(true);
    script.addEventListener('load', onLoad);
    if (!existing) document.head.appendChild(script);
    return () => script.removeEventListener('load', onLoad);
  }, [enabled, loaded]);
  return loaded;
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
  current: boolean;
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
          {current && <Chip size="small" label="Current Plan" color="success" />}
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
  const { config, isLoading } = useWhiteLabelConfig();
  const pricingTableId = config?.stripePricingTableId || null;
  const publishableKey = config?.stripePublishableKey || null;
  const hosted = Boolean(pricingTableId && publishableKey);
  const scriptLoaded = usePricingTableScript(hosted);
  const premium = user?.subscriptionStatus === 'active';

  return (
    <>
      <PageHeader
        title="Simple, fair pricing"
        subtitle="Start with a 3-day free trial: 12 dynamic QR codes, analytics and branding, no card required."
      />
      <Container maxWidth="md" sx={{ py: 6 }}>
        {isLoading ? (
          <LoadingScreen minHeight={300} />
        ) : hosted ? (
          <Box data-testid="hosted-pricing-table">
            {scriptLoaded ? (
              createElement('stripe-pricing-table', {
                'pricing-table-id': pricingTableId,
                'publishable-key': publishableKey,
                'customer-email': user?.email || user?.username || undefined,
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
                current={Boolean(user) && !premium}
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
                current={premium}
                action={
                  <Button
                    component={RouterLink}
                    to={user ? '/contact' : '/auth?mode=register'}
                    variant="contained"
                    fullWidth
                    disabled={premium}
                  >
                    Upgrade to Premium
                  </Button>
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
