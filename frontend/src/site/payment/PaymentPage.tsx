import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, CircularProgress, Container, Divider, Grid, Paper, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { apiJson, serverMessage } from '../../api/http';
import type { ApiAnswer } from '../../api/types';
import { LoadingScreen } from '../../ui/LoadingScreen';
import { toast } from '../../ui/toast';
import { usePageTitle } from '../../ui/usePageTitle';
import { formatCents, PAYMENTS_NOT_CONFIGURED, tempPriceCents, usePaymentsConfig, type PaymentProduct } from './payments-config';
import { loadStripe, type StripeElements, type StripeInstance } from './stripe';

export { formatCents };

const SELLER_NOT_READY = 'This seller cannot accept payments yet.';
const STRIPE_UNREACHABLE =
  'The payment form could not be loaded (js.stripe.com did not answer). ' +
  'Check your connection or allow js.stripe.com, then reload the page.';

/** Where the success page finds the address the receipt goes to (a redirecting payment method loses React state). */
export const PAYER_EMAIL_KEY = 'qrs-payment-email';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The receipt address as typed: 'Email is required' / 'Please enter a valid email' (the spec's email messages), else null. */
export function payerEmailError(value: string): string | null {
  const email = value.trim();
  if (!email) return 'Email is required';
  return email.length <= 254 && EMAIL.test(email) ? null : 'Please enter a valid email';
}

/** 128 random bits as hex; crypto.randomUUID exists only in secure contexts, getRandomValues everywhere. */
function newCheckoutId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function ProductNotFound({ message }: { message: string }) {
  const navigate = useNavigate();
  return (
    <Container maxWidth="sm" sx={{ py: 10, textAlign: 'center' }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Product Not Found
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {message}
      </Typography>
      <Button variant="contained" startIcon={<ArrowBackIcon />} onClick={() => navigate(-1)}>
        Go Back
      </Button>
    </Container>
  );
}

function PaymentForm({ product }: { product: PaymentProduct }) {
  const payments = usePaymentsConfig();
  const publishableKey = payments.data?.configured ? payments.data.publishableKey : null;
  const navigate = useNavigate();
  const mountRef = useRef<HTMLDivElement>(null);
  // One checkout attempt per visit: sent again (a re-render, a retry), it is the same PaymentIntent.
  const [checkoutId] = useState(newCheckoutId);
  const [stripe, setStripe] = useState<StripeInstance | null>(null);
  const [elements, setElements] = useState<StripeElements | null>(null);
  const [progress, setState] = useState<'setup' | 'ready' | 'processing'>('setup');
  const [problem, setProblem] = useState<string | null>(null);
  // The receipt's address: sent to Stripe at confirmation (billing_details.email), read back by the webhook.
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const notConfigured = payments.isError || (payments.data !== undefined && !publishableKey);
  const state = notConfigured || problem ? 'unavailable' : progress;

  useEffect(() => {
    if (!publishableKey) return;
    let cancelled = false;
    let destroy: (() => void) | undefined;
    (async () => {
      let clientSecret: string;
      try {
        ({ clientSecret } = await apiJson<ApiAnswer<'/api/create-payment-intent', 'post'>>('POST', '/api/create-payment-intent', {
          amount: product.productPrice,
          productId: product.id,
          productName: product.productName,
          checkoutId,
        }));
      } catch (error) {
        if (cancelled) return;
        const seller = error instanceof Error && error.message.startsWith('409:');
        if (!seller) toast({ title: 'Payment error', description: 'Could not process payment setup', variant: 'destructive' });
        setProblem(seller ? serverMessage(error, SELLER_NOT_READY) : serverMessage(error, 'Could not process payment setup'));
        return;
      }
      try {
        const instance = await loadStripe(publishableKey);
        if (cancelled || !mountRef.current) return;
        const created = instance.elements({ clientSecret });
        // Our own field asks for the address (Stripe would ask only for some payment methods): never twice.
        const element = created.create('payment', { fields: { billingDetails: { email: 'never' } } });
        element.mount(mountRef.current);
        destroy = () => element.destroy();
        setStripe(instance);
        setElements(created);
        setState('ready');
      } catch {
        if (cancelled) return;
        toast({ title: 'Payment error', description: 'Could not process payment setup', variant: 'destructive' });
        setProblem(STRIPE_UNREACHABLE);
      }
    })();
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [publishableKey, product, checkoutId]);

  const pay = async () => {
    if (!stripe || !elements) return;
    const invalid = payerEmailError(email);
    setEmailError(invalid);
    if (invalid) return;
    const payer = email.trim();
    try {
      sessionStorage.setItem(PAYER_EMAIL_KEY, payer);
    } catch {
      // storage refused (private mode): the success page then names no address
    }
    setState('processing');
    try {
      const result = await stripe.confirmPayment({
        elements,
        confirmParams: {
          return_url: `${window.location.origin}/payment-success`,
          payment_method_data: { billing_details: { email: payer } },
        },
        redirect: 'if_required',
      });
      if (result.error) {
        const declined = result.error.type === 'card_error' || result.error.type === 'validation_error';
        toast({
          title: declined ? 'Payment failed' : 'Payment error',
          description: declined
            ? result.error.message || 'An error occurred with your payment'
            : 'There was an error processing your payment',
          variant: 'destructive',
        });
        setState('ready');
        return;
      }
      if (result.paymentIntent?.status === 'succeeded') {
        toast({ title: 'Payment successful!', description: `Thank you for buying ${product.productName}.` });
        navigate('/payment-success');
        return;
      }
      toast({ title: 'Payment processing', description: 'Your payment is being processed' });
      setState('ready');
    } catch {
      toast({ title: 'Payment error', description: 'There was an error processing your payment', variant: 'destructive' });
      setState('ready');
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        Payment Details
      </Typography>
      {state === 'unavailable' && (
        <Alert severity="warning" data-testid="payment-unavailable">
          {notConfigured ? PAYMENTS_NOT_CONFIGURED : problem}
        </Alert>
      )}
      {state === 'setup' && (payments.isLoading || publishableKey) && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
          <CircularProgress aria-label="Preparing payment" />
        </Box>
      )}
      <TextField
        label="Email for your receipt"
        type="email"
        autoComplete="email"
        required
        fullWidth
        margin="normal"
        value={email}
        disabled={state === 'unavailable' || state === 'processing'}
        onChange={(event) => {
          setEmail(event.target.value);
          if (emailError) setEmailError(payerEmailError(event.target.value));
        }}
        onBlur={() => email && setEmailError(payerEmailError(email))}
        error={emailError !== null}
        helperText={emailError ?? 'We send your payment confirmation and receipt to this address.'}
        slotProps={{ htmlInput: { 'data-testid': 'payer-email', maxLength: 254 } }}
      />
      <Box ref={mountRef} sx={{ my: 2 }} />
      <Button variant="contained" size="large" fullWidth disabled={state !== 'ready'} onClick={() => void pay()}>
        {state === 'processing' ? 'Processing...' : 'Pay Now'}
      </Button>
    </Paper>
  );
}

export function PaymentPage() {
  usePageTitle('Checkout - QR Code Sharks');
  const [params] = useSearchParams();
  const id = params.get('id');
  const temporary = params.get('temp') === 'true';
  const tempName = params.get('name') ?? '';
  const tempPrice = tempPriceCents(params.get('price'));

  const query = useQuery<PaymentProduct>({
    queryKey: [`/api/payment-product/${id}`],
    queryFn: () => apiJson<PaymentProduct>('GET', `/api/payment-product/${encodeURIComponent(id ?? '')}`),
    enabled: Boolean(id) && !temporary,
  });

  if (temporary) {
    // A link made before the code was saved: no stored price exists, so nothing can be paid here.
    return (
      <Box component="main" sx={{ minHeight: '100vh', bgcolor: 'background.default', py: 6 }}>
        <Container maxWidth="sm">
          <Paper variant="outlined" sx={{ p: 3 }} data-testid="order-summary">
            <Typography variant="h6" component="h1" gutterBottom>
              Order Summary
            </Typography>
            <Typography sx={{ fontWeight: 600 }}>{tempName || 'Product'}</Typography>
            <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 2 }}>
              <Typography>Price</Typography>
              <Typography>{tempPrice === null ? '-' : formatCents(tempPrice)}</Typography>
            </Stack>
            <Divider sx={{ my: 1.5 }} />
            <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
              <Typography sx={{ fontWeight: 700 }}>Total</Typography>
              <Typography sx={{ fontWeight: 700 }}>{tempPrice === null ? '-' : formatCents(tempPrice)}</Typography>
            </Stack>
            <Alert severity="info" sx={{ mt: 2 }}>
              This is a preview link. The seller must save this QR code before it can accept payments.
            </Alert>
          </Paper>
        </Container>
      </Box>
    );
  }

  if (!id) return <ProductNotFound message="Product ID is required" />;
  if (query.isLoading) return <LoadingScreen minHeight="100vh" />;
  if (query.isError || !query.data) return <ProductNotFound message={serverMessage(query.error, 'Product ID is required')} />;

  const product = query.data;
  return (
    <Box component="main" sx={{ minHeight: '100vh', bgcolor: 'background.default', py: 6 }}>
      <Container maxWidth="md">
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mb: 3 }}>
          Checkout
        </Typography>
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 6 }}>
            <Paper variant="outlined" sx={{ p: 3 }} data-testid="order-summary">
              <Typography variant="h6" component="h2" gutterBottom>
                Order Summary
              </Typography>
              <Typography sx={{ fontWeight: 600 }} data-testid="product-name">
                {product.productName}
              </Typography>
              <Typography color="text.secondary" sx={{ mb: 2 }}>
                {product.productDescription}
              </Typography>
              <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
                <Typography>Price</Typography>
                <Typography>{formatCents(product.productPrice)}</Typography>
              </Stack>
              <Divider sx={{ my: 1.5 }} />
              <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
                <Typography sx={{ fontWeight: 700 }}>Total</Typography>
                <Typography sx={{ fontWeight: 700 }}>{formatCents(product.productPrice)}</Typography>
              </Stack>
            </Paper>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <PaymentForm product={product} />
          </Grid>
        </Grid>
      </Container>
    </Box>
  );
}
