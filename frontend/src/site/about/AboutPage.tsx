import { Box, Button, Card, CardContent, Container, Grid, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { PageHeader } from '../../ui/PageHeader';
import { CONTENT_TYPE_COUNT, useStatsFigures } from '../site-figures';
import { usePageTitle } from '../../ui/usePageTitle';

const VALUES = [
  {
    title: 'Codes that scan',
    text:
      'A beautiful code that fails to scan is worthless. Every style we offer is checked for contrast, and our renderer is tested ' +
      'against real decoders.',
  },
  {
    title: 'Respect for scanners',
    text:
      'People who scan your code are not our product. We count scans with a salted hash, never store raw IP addresses, and only ' +
      'redirect to web pages.',
  },
  {
    title: 'A fair free plan',
    text: 'Static codes are free forever and never expire. You pay only when you need dynamic codes at scale, analytics or branding.',
  },
  { title: 'A full audit trail', text: 'Every change to a code is recorded as an event, so you can always see who changed what and when.' },
] as const;

const OFFERINGS = [
  `A generator for ${CONTENT_TYPE_COUNT} content types with live preview`,
  'Dynamic codes you can edit, pause and resume after printing',
  'Scan analytics you can replay for any period',
  'Bulk generation from CSV or text files',
  'White-label branding for agencies and resellers',
];

export function AboutPage() {
  usePageTitle('About Us - QR Code Sharks');
  const stats = useStatsFigures();
  return (
    <>
      <PageHeader
        title="About QR Code Sharks"
        subtitle="We make QR codes that look like your brand, keep working after printing, and tell you what they achieved."
      />
      <Container maxWidth="lg" sx={{ py: 6 }}>
        <Grid container spacing={4}>
          <Grid size={{ xs: 12, md: 7 }}>
            <Typography variant="h4" component="h2" gutterBottom>
              Our story
            </Typography>
            <Typography sx={{ mb: 2 }}>
              QR Code Sharks started with a reprint. A restaurant we worked with had printed 200 table cards with a QR code pointing to its
              menu, and then changed its menu provider. Every card went in the bin.
            </Typography>
            <Typography sx={{ mb: 2 }}>
              We built a generator where the printed code points to a short link we manage, so the destination can change whenever the
              business changes. Then we added what our customers asked for next: their colours and logo on the code, a count of scans, and a
              way to pause a code when a promotion ends.
            </Typography>
            <Typography>
              Today individuals, small businesses and agencies use QR Code Sharks for menus, business cards, packaging, posters and events.
              The basics are free, and always will be.
            </Typography>
          </Grid>
          <Grid size={{ xs: 12, md: 5 }}>
            <Grid container spacing={2}>
              {stats.map((stat) => (
                <Grid key={stat.label} size={6}>
                  <Card variant="outlined" sx={{ textAlign: 'center' }}>
                    <CardContent>
                      <Typography variant="h4" component="p" sx={{ fontWeight: 800, color: 'secondary.main' }}>
                        {stat.value}
                      </Typography>
                      <Typography color="text.secondary">{stat.label}</Typography>
                    </CardContent>
                  </Card>
                </Grid>
              ))}
            </Grid>
          </Grid>
        </Grid>

        <Typography variant="h4" component="h2" sx={{ mt: 8, mb: 3 }}>
          What we value
        </Typography>
        <Grid container spacing={3}>
          {VALUES.map((value) => (
            <Grid key={value.title} size={{ xs: 12, sm: 6 }}>
              <Card variant="outlined" sx={{ height: '100%' }}>
                <CardContent>
                  <Typography variant="h6" component="h3" gutterBottom>
                    {value.title}
                  </Typography>
                  <Typography color="text.secondary">{value.text}</Typography>
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>

        <Typography variant="h4" component="h2" sx={{ mt: 8, mb: 2 }}>
          What we offer
        </Typography>
        <Box component="ul" sx={{ pl: 3, m: 0 }}>
          {OFFERINGS.map((offering) => (
            <Typography component="li" key={offering} sx={{ mb: 1 }}>
              {offering}
            </Typography>
          ))}
        </Box>

        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center', mt: 6 }}>
          <Button component={RouterLink} to="/" variant="contained" size="large">
            Create your first code
          </Button>
          <Button component={RouterLink} to="/features" variant="outlined" size="large">
            Explore features
          </Button>
        </Stack>
      </Container>
    </>
  );
}
