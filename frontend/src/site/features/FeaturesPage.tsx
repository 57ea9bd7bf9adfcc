import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import { Box, Button, Card, CardContent, Chip, Container, Grid, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { PageHeader } from '../../ui/PageHeader';
import { CONTENT_TYPE_COUNT, CONTENT_TYPE_NAMES } from '../site-figures';
import { usePageTitle } from '../../ui/usePageTitle';

type FeatureCategory = 'generation' | 'customization' | 'management' | 'security';

interface Feature {
  title: string;
  description: string;
  category: FeatureCategory;
  premium: boolean;
}

export const FEATURES: readonly Feature[] = [
  {
    title: `${CONTENT_TYPE_COUNT} content types`,
    description: `${CONTENT_TYPE_NAMES}.`,
    category: 'generation',
    premium: false,
  },
  {
    title: 'Instant preview',
    description: 'The preview is drawn by the same renderer the server uses, so what you see is exactly what you download.',
    category: 'generation',
    premium: false,
  },
  {
    title: 'Bulk generation',
    description: 'Paste or upload up to hundreds of URLs or texts and get one code per line, generated ten at a time.',
    category: 'generation',
    premium: true,
  },
  {
    title: 'PNG and SVG downloads',
    description: 'PNG at three times the preview size, and SVG for print at any size.',
    category: 'generation',
    premium: false,
  },
  {
    title: 'Colours, shapes and frames',
    description: 'Set the code colour, corner colours, square or round dots and corners, and a frame with your call to action.',
    category: 'customization',
    premium: false,
  },
  {
    title: 'Logo embedding',
    description:
      'Upload your logo or pick a preset such as Instagram, YouTube or App Store. Codes use high error correction so they still scan.',
    category: 'customization',
    premium: true,
  },
  {
    title: 'Advanced styling',
    description: 'Two-colour gradients and matching corner colours that keep enough contrast to scan.',
    category: 'customization',
    premium: true,
  },
  {
    title: 'Dynamic codes',
    description: 'Change the destination after printing, and pause or resume a code whenever a campaign starts or ends.',
    category: 'management',
    premium: false,
  },
  {
    title: 'Advanced analytics',
    description: 'Scans per day, unique visitors, devices, browsers, countries and referrers for every dynamic code, for any past period.',
    category: 'management',
    premium: true,
  },
  {
    title: 'Cloud sync',
    description: 'Your codes live in your account, on every device you sign in from.',
    category: 'management',
    premium: true,
  },
  {
    title: 'Password protection',
    description: 'Put a dynamic code behind a password: scanners enter it before they reach the content, and wrong guesses are limited.',
    category: 'security',
    premium: true,
  },
  {
    title: 'Privacy by design',
    description:
      'Scans are counted with a salted visitor hash; raw IP addresses are never stored. Links only ever lead to http or https pages.',
    category: 'security',
    premium: false,
  },
];

const CATEGORY_LABELS: Record<FeatureCategory, string> = {
  generation: 'Generation',
  customization: 'Customization',
  management: 'Management',
  security: 'Security',
};

export function FeaturesPage() {
  usePageTitle('Features - QR Code Sharks');
  return (
    <>
      <PageHeader title="Features" subtitle="Everything you need to create, brand, manage and measure QR codes." />
      <Container maxWidth="lg" sx={{ py: 6 }}>
        <Grid container spacing={3}>
          {FEATURES.map((feature) => (
            <Grid key={feature.title} size={{ xs: 12, sm: 6, md: 4 }}>
              <Card variant="outlined" sx={{ height: '100%' }} data-testid="feature-card">
                <CardContent>
                  <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: 'wrap', gap: 1 }}>
                    <Chip size="small" label={CATEGORY_LABELS[feature.category]} />
                    {feature.premium && <Chip size="small" color="secondary" icon={<WorkspacePremiumIcon />} label="Premium" />}
                  </Stack>
                  <Typography variant="h6" component="h2" gutterBottom>
                    {feature.title}
                  </Typography>
                  <Typography color="text.secondary">{feature.description}</Typography>
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center', mt: 6 }}>
          <Button component={RouterLink} to="/" variant="contained" size="large">
            Create a QR code
          </Button>
          <Button component={RouterLink} to="/subscribe" variant="outlined" size="large">
            Compare plans
          </Button>
        </Stack>
        <Box />
      </Container>
    </>
  );
}
