import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import LockIcon from '@mui/icons-material/Https';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import { Box, Button, Card, CardContent, Container, Grid, Stack, Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ACCOUNT_TYPES } from '../../generator/gates';
import { GeneratorSlot } from '../../generator/GeneratorSlot';
import { QR_TYPE_LABELS } from '../../ui/qr-types';
import { TrialCard } from '../../ui/TrialCard';
import { usePageTitle } from '../../ui/usePageTitle';
import { usePreselection } from '../../ui/usePreselection';
import { useStatsFigures } from '../site-figures';
import { FEATURES, LANDING_FAQ, TESTIMONIALS, TYPE_HERO, USE_CASES, WHY_CHOOSE } from './landing-content';

// The FAQ sits at the foot of the page: its accordion loads after the first paint instead of with it (the landing's
// initial JavaScript has a 250 KB gzip budget, frontend/scripts/bundle-size.mjs).
const FaqAccordion = lazy(() => import('../../ui/FaqAccordion').then((module) => ({ default: module.FaqAccordion })));

function Section({
  id,
  title,
  subtitle,
  children,
  tinted = false,
}: {
  id: string;
  title: string;
  subtitle?: string;
  children: React.ReactNode;
  tinted?: boolean;
}) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ py: { xs: 6, md: 8 }, bgcolor: tinted ? 'background.paper' : undefined }}>
      <Container maxWidth="lg">
        <Typography id={id} variant="h4" component="h2" sx={{ fontWeight: 800, textAlign: 'center' }}>
          {title}
        </Typography>
        {subtitle && (
          <Typography color="text.secondary" sx={{ textAlign: 'center', mt: 1, mb: 4, maxWidth: 720, mx: 'auto' }}>
            {subtitle}
          </Typography>
        )}
        <Box sx={{ mt: subtitle ? 0 : 4 }}>{children}</Box>
      </Container>
    </Box>
  );
}

const TRUST_BADGES = [
  { Icon: LockIcon, label: 'HTTPS everywhere' },
  { Icon: VerifiedUserIcon, label: 'No raw IPs stored' },
  { Icon: SupportAgentIcon, label: 'Support that answers within 24 hours' },
] as const;

export function LandingPage() {
  usePageTitle('QR Code Sharks - Free QR Code Generator');
  const { type, prefill, templateTitle } = usePreselection();
  const heroText = type ? TYPE_HERO[type] : undefined;
  const stats = useStatsFigures();
  // The landing page is for visitors: a type that needs an account (Menu/PDF) is reached through sign-up.
  const needsAccount = type !== undefined && ACCOUNT_TYPES.includes(type);

  return (
    <>
      {type && (
        <Box
          component="section"
          aria-labelledby="preselected-hero"
          data-testid="preselected-hero"
          sx={{
            background: 'linear-gradient(135deg, var(--secondary-color, #1E40AF), var(--primary-color, #3B82F6))',
            color: '#fff',
            py: { xs: 5, md: 7 },
          }}
        >
          <Container maxWidth="lg">
            <Typography id="preselected-hero" variant="h3" component="h1" sx={{ fontSize: { xs: '1.9rem', md: '2.8rem' } }}>
              Create a {QR_TYPE_LABELS[type]} QR Code
            </Typography>
            {heroText && (
              <Typography variant="h6" component="p" sx={{ mt: 1.5, fontWeight: 400 }}>
                {heroText}
              </Typography>
            )}
            {templateTitle && (
              <Typography sx={{ mt: 1 }} data-testid="template-notice">
                Template: {templateTitle}. Adjust the fields below and generate.
              </Typography>
            )}
            {needsAccount && (
              <Box sx={{ mt: 2.5 }}>
                <Typography sx={{ mb: 1.5 }}>Uploading a file needs a free account: create one and you come straight back here.</Typography>
                <Button
                  component={RouterLink}
                  to={`/auth?${new URLSearchParams({ mode: 'register', next: `/?qr=${type}` }).toString()}`}
                  variant="contained"
                  color="inherit"
                  sx={{ color: 'secondary.main' }}
                >
                  Create Free Account
                </Button>
              </Box>
            )}
          </Container>
        </Box>
      )}

      {!type && (
        <Box component="section" aria-labelledby="landing-hero" sx={{ pt: { xs: 5, md: 8 }, pb: 2, textAlign: 'center' }}>
          <Container maxWidth="md">
            <Typography id="landing-hero" variant="h2" component="h1" sx={{ fontSize: { xs: '2rem', md: '3.2rem' } }}>
              Free QR codes with teeth
            </Typography>
            <Typography variant="h6" component="p" color="text.secondary" sx={{ mt: 2, fontWeight: 400 }}>
              Create styled QR codes for websites, menus, contact cards, Wi-Fi and more. Make them dynamic to edit after printing and see
              every scan.
            </Typography>
          </Container>
        </Box>
      )}

      <Container maxWidth="lg" sx={{ py: 4 }}>
        <GeneratorSlot key={type ?? 'default'} initialType={type} prefill={prefill} />
      </Container>

      <Box component="section" aria-label="Statistics" sx={{ bgcolor: 'secondary.main', color: '#fff', py: 4 }}>
        <Container maxWidth="lg">
          <Grid container spacing={2} sx={{ textAlign: 'center', justifyContent: 'center' }} data-testid="stats-banner">
            {stats.map((stat) => (
              <Grid key={stat.label} size={{ xs: 12 / Math.min(stats.length, 2), md: 12 / stats.length }}>
                <Typography variant="h4" component="p" sx={{ fontWeight: 800 }}>
                  {stat.value}
                </Typography>
                <Typography>{stat.label}</Typography>
              </Grid>
            ))}
          </Grid>
        </Container>
      </Box>

      <Section id="features-title" title="Everything a QR code needs" subtitle="From a quick link to a branded, trackable campaign.">
        <Grid container spacing={3}>
          {FEATURES.map((feature) => (
            <Grid key={feature.title} size={{ xs: 12, sm: 6, md: 4 }}>
              <Card variant="outlined" sx={{ height: '100%' }}>
                <CardContent>
                  <Typography variant="h6" component="h3" gutterBottom>
                    {feature.title}
                  </Typography>
                  <Typography color="text.secondary">{feature.text}</Typography>
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
        <Box sx={{ textAlign: 'center', mt: 3 }}>
          <Button component={RouterLink} to="/features">
            See all features
          </Button>
        </Box>
      </Section>

      <Section id="use-cases-title" title="Built for real work" subtitle="How teams use QR Code Sharks every day." tinted>
        <Grid container spacing={3}>
          {USE_CASES.map((useCase) => (
            <Grid key={useCase.title} size={{ xs: 12, sm: 6, md: 3 }}>
              <Typography variant="h6" component="h3" gutterBottom>
                {useCase.title}
              </Typography>
              <Typography color="text.secondary">{useCase.text}</Typography>
            </Grid>
          ))}
        </Grid>
        <Box sx={{ textAlign: 'center', mt: 3 }}>
          <Button component={RouterLink} to="/use-cases">
            Explore use cases
          </Button>
        </Box>
      </Section>

      <Section id="why-title" title="Why choose QR Code Sharks">
        <Grid container spacing={3}>
          {WHY_CHOOSE.map((item) => (
            <Grid key={item.title} size={{ xs: 12, sm: 6 }}>
              <Stack direction="row" spacing={2}>
                <CheckCircleIcon color="primary" aria-hidden="true" />
                <Box>
                  <Typography variant="h6" component="h3">
                    {item.title}
                  </Typography>
                  <Typography color="text.secondary">{item.text}</Typography>
                </Box>
              </Stack>
            </Grid>
          ))}
        </Grid>
      </Section>

      <Section id="testimonials-title" title="What customers tell us" subtitle="Sample testimonials that show typical results." tinted>
        <Grid container spacing={3}>
          {TESTIMONIALS.map((testimonial) => (
            <Grid key={testimonial.name} size={{ xs: 12, md: 4 }}>
              <Card variant="outlined" sx={{ height: '100%' }}>
                <CardContent>
                  <Typography component="blockquote" sx={{ m: 0, fontStyle: 'italic' }}>
                    “{testimonial.quote}”
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
                    {testimonial.name}
                  </Typography>
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
      </Section>

      <Section id="faq-title" title="Frequently asked questions">
        <Box sx={{ maxWidth: 820, mx: 'auto' }}>
          <Suspense fallback={<Box sx={{ minHeight: LANDING_FAQ.length * 56 }} />}>
            <FaqAccordion items={LANDING_FAQ} />
          </Suspense>
          <Box sx={{ textAlign: 'center', mt: 3 }}>
            <Button component={RouterLink} to="/faq">
              More questions
            </Button>
          </Box>
        </Box>
      </Section>

      <Box component="section" aria-labelledby="cta-title" sx={{ py: { xs: 6, md: 8 }, textAlign: 'center', bgcolor: 'background.paper' }}>
        <Container maxWidth="md">
          <Typography id="cta-title" variant="h4" component="h2" sx={{ fontWeight: 800 }}>
            Ready to make codes that work harder?
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
            Free forever for static codes. No credit card required. Sign up with just an email and a password.
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
            <Button component={RouterLink} to="/auth?mode=register" variant="contained" size="large">
              Create Free Account
            </Button>
            <Button component={RouterLink} to="/subscribe" variant="outlined" size="large">
              See Pricing
            </Button>
          </Stack>
        </Container>
      </Box>

      <Container maxWidth="md" sx={{ py: { xs: 6, md: 8 } }}>
        <TrialCard />
      </Container>

      <Container maxWidth="lg" component="section" aria-label="Trust badges" sx={{ pb: 4 }}>
        <Grid container spacing={2} sx={{ justifyContent: 'center' }}>
          {TRUST_BADGES.map(({ Icon, label }) => (
            <Grid key={label} size={{ xs: 6, md: 3 }}>
              <Stack spacing={1} sx={{ textAlign: 'center', alignItems: 'center' }}>
                <Icon color="secondary" aria-hidden="true" />
                <Typography variant="body2">{label}</Typography>
              </Stack>
            </Grid>
          ))}
        </Grid>
      </Container>
    </>
  );
}
