import { Box, Button, Container, Paper, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { FaqAccordion, type FaqItem } from '../../ui/FaqAccordion';
import { PageHeader } from '../../ui/PageHeader';
import { usePageTitle } from '../../ui/usePageTitle';
import { CONTENT_TYPE_COUNT, CONTENT_TYPE_NAMES } from '../site-figures';

export const FAQ_ITEMS: readonly FaqItem[] = [
  {
    question: 'What is a QR code?',
    answer:
      'A QR (Quick Response) code is a square barcode that phone cameras read instantly. It can hold a web address, a contact card, ' +
      'Wi-Fi details, an email draft and more, so people act on your print material with one scan.',
  },
  {
    question: 'Do I need an account to create a QR code?',
    answer:
      'No. Anyone can create, style and download static QR codes on the home page. An account is free and lets you save codes, make ' +
      'dynamic codes and see how often they are scanned.',
  },
  {
    question: 'What is the difference between static and dynamic codes?',
    answer:
      'A static code stores its content inside the pattern, so it can never change. A dynamic code stores a short link to QR Code ' +
      'Sharks; you can change where it leads, pause it and resume it at any time, and every scan is counted.',
  },
  {
    question: 'Do QR codes expire?',
    answer:
      'Static codes never expire. Dynamic codes work as long as they are active in your account. If you pause one, scanners see a ' +
      'friendly notice instead of your page until you resume it.',
  },
  {
    question: 'Which content types are supported?',
    answer: `${CONTENT_TYPE_COUNT}: ${CONTENT_TYPE_NAMES}.`,
  },
  {
    question: 'Can I customise colours and add a logo?',
    answer:
      'Yes. Choose dot and corner shapes, corner colours and a frame with your own call to action. Signed-in users can add a gradient ' +
      'colour and upload a logo or use a preset. We warn you when colours have too little contrast to scan reliably.',
  },
  {
    question: 'How does scan tracking work?',
    answer:
      'Each scan of a dynamic code passes through our short link, where we record the time, device type, browser, approximate country ' +
      'and referrer. We never store raw IP addresses. Your dashboard shows totals, unique visitors and trends.',
  },
  {
    question: 'What does the free trial include?',
    answer:
      'Three days of Premium features with no card: 12 dynamic QR codes, analytics, logos and colour customization, unlimited scans and ' +
      'downloads, and no ads. After the trial you keep unlimited static codes and a small number of dynamic ones.',
  },
  {
    question: 'How much does Premium cost?',
    answer:
      'Premium is $9.99 per month. It adds unlimited dynamic codes, advanced analytics, bulk generation, logo embedding and advanced ' +
      'styling. You can cancel at any time from the Subscription page.',
  },
  {
    question: 'Can I create many codes at once?',
    answer:
      'Yes. Bulk generation takes a list of URLs or texts, typed in or uploaded as a CSV or TXT file, and creates one code per line with ' +
      'your colours. Download them all as SVG files.',
  },
  {
    question: 'What file formats can I download?',
    answer: 'PNG at three times the preview size for documents, slides and social posts, and SVG for print, which stays sharp at any size.',
  },
  {
    question: 'Can agencies use their own brand?',
    answer:
      'Yes. With white-label, a client organisation gets the product under its own name, colours, favicon and custom CSS, on its own ' +
      'domain or subdomain.',
  },
];

export function FaqPage() {
  usePageTitle('FAQ - QR Code Sharks');
  return (
    <>
      <PageHeader title="Frequently Asked Questions" subtitle="Answers about creating, styling, tracking and managing your QR codes." />
      <Container maxWidth="md" sx={{ py: 6 }}>
        <FaqAccordion items={FAQ_ITEMS} />
        <Paper variant="outlined" sx={{ mt: 5, p: 4, textAlign: 'center' }}>
          <Typography variant="h5" component="h2" gutterBottom>
            Still have questions?
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            Our support team answers within 24 hours.
          </Typography>
          <Box>
            <Button component={RouterLink} to="/contact" variant="contained">
              Contact Support
            </Button>
          </Box>
        </Paper>
      </Container>
    </>
  );
}
