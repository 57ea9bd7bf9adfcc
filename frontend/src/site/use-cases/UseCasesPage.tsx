import CheckIcon from '@mui/icons-material/Check';
import {
  Button,
  Card,
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
import { Link as RouterLink } from 'react-router-dom';
import { PageHeader } from '../../ui/PageHeader';
import { usePageTitle } from '../../ui/usePageTitle';

interface UseCase {
  industry: string;
  title: string;
  example: string;
  benefits: readonly string[];
  qrTypes: readonly string[];
}

export const USE_CASES: readonly UseCase[] = [
  {
    industry: 'Hospitality',
    title: 'Restaurants and cafés',
    example: 'A Menu/PDF code on each table opens today’s menu; a ratings code on the receipt asks for a review.',
    benefits: ['Update prices without reprinting', 'Fewer printed menus to clean', 'More online reviews', 'Track busy hours from scans'],
    qrTypes: ['Menu/PDF', 'Ratings', 'Website URL'],
  },
  {
    industry: 'Retail',
    title: 'Shops and product packaging',
    example: 'A code on the shelf tag opens the product page, manual or a checkout for the item.',
    benefits: ['Answer questions at the shelf', 'Sell after hours', 'Measure which displays work', 'Link packaging to support'],
    qrTypes: ['Website URL', 'Payment', 'Apps'],
  },
  {
    industry: 'Business',
    title: 'Networking and sales',
    example: 'A contact code on business cards and badges saves your details straight to the phone.',
    benefits: ['No typos in saved contacts', 'Update details without new cards', 'See how many people saved you'],
    qrTypes: ['Contact', 'Email', 'Website URL'],
  },
  {
    industry: 'Education',
    title: 'Schools and training',
    example: 'Worksheets link to videos and reading lists; classroom doors link to timetables.',
    benefits: ['Bridge paper and online material', 'Change links each term', 'Works on any student phone'],
    qrTypes: ['Website URL', 'Menu/PDF', 'Plain Text'],
  },
  {
    industry: 'Events',
    title: 'Conferences and festivals',
    example: 'Posters add the event to calendars; badges open the agenda and the venue map.',
    benefits: ['Fewer no-shows with calendar invites', 'Change the agenda on the day', 'Count visitors per poster'],
    qrTypes: ['Events', 'Location', 'Website URL'],
  },
  {
    industry: 'Healthcare',
    title: 'Clinics and pharmacies',
    example: 'Waiting-room codes open intake forms; prescription leaflets link to dosage videos.',
    benefits: ['Shorter queues at reception', 'Up-to-date patient information', 'No contact needed', 'Multilingual pages behind one code'],
    qrTypes: ['Website URL', 'Menu/PDF', 'SMS'],
  },
  {
    industry: 'Real estate',
    title: 'Property listings',
    example: 'Yard signs open the listing, photo gallery and a call-back form.',
    benefits: ['Leads outside office hours', 'Reuse signs for the next property', 'Know which sign brings buyers'],
    qrTypes: ['Website URL', 'Images', 'Contact'],
  },
  {
    industry: 'Automotive',
    title: 'Dealers and workshops',
    example: 'Window stickers open the vehicle history; service tags link to booking.',
    benefits: ['Richer vehicle details', 'Easier service booking', 'Track interest per car'],
    qrTypes: ['Website URL', 'Menu/PDF', 'Location'],
  },
  {
    industry: 'Entertainment',
    title: 'Venues, music and film',
    example: 'Posters open the trailer or playlist; tickets link to the venue map.',
    benefits: ['Turn posters into plays', 'Swap content for each show', 'Grow social followers'],
    qrTypes: ['Social', 'Website URL', 'Events'],
  },
  {
    industry: 'Travel',
    title: 'Hotels and tourism',
    example: 'Room cards join guests to Wi-Fi; city signs open audio guides in several languages.',
    benefits: ['Fewer front-desk questions', 'Guides in every language', 'Directions in one scan'],
    qrTypes: ['Wi-Fi', 'Location', 'Website URL'],
  },
  {
    industry: 'Finance',
    title: 'Banks, donations and payments',
    example: 'Charity posters open a donation page; invoices carry a payment code.',
    benefits: ['Faster payments', 'Fewer manual transfer errors', 'Measure campaign response'],
    qrTypes: ['Payment', 'Bitcoin', 'Website URL'],
  },
  {
    industry: 'Non-profit and public sector',
    title: 'Community and government',
    example: 'Notices link to forms and updates; volunteers share contact cards.',
    benefits: ['Reach people without apps', 'Keep public notices current', 'Accessible from any phone'],
    qrTypes: ['Website URL', 'Menu/PDF', 'Contact'],
  },
];

export function UseCasesPage() {
  usePageTitle('Use Cases - QR Code Sharks');
  return (
    <>
      <PageHeader title="Use Cases" subtitle="How businesses in every industry put QR codes to work." />
      <Container maxWidth="lg" sx={{ py: 6 }}>
        <Grid container spacing={3}>
          {USE_CASES.map((useCase) => (
            <Grid key={useCase.title} size={{ xs: 12, md: 6, lg: 4 }}>
              <Card variant="outlined" sx={{ height: '100%' }} data-testid="use-case-card">
                <CardContent>
                  <Chip size="small" label={useCase.industry} sx={{ mb: 1 }} />
                  <Typography variant="h6" component="h2" gutterBottom>
                    {useCase.title}
                  </Typography>
                  <Typography color="text.secondary">{useCase.example}</Typography>
                  <List dense aria-label={`Benefits for ${useCase.industry}`}>
                    {useCase.benefits.slice(0, 3).map((benefit) => (
                      <ListItem key={benefit} disableGutters>
                        <ListItemIcon sx={{ minWidth: 32 }}>
                          <CheckIcon color="success" fontSize="small" aria-hidden="true" />
                        </ListItemIcon>
                        <ListItemText primary={benefit} />
                      </ListItem>
                    ))}
                  </List>
                  <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
                    {useCase.qrTypes.map((type) => (
                      <Chip key={type} size="small" variant="outlined" label={type} />
                    ))}
                  </Stack>
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center', mt: 6 }}>
          <Button component={RouterLink} to="/" variant="contained" size="large">
            Create a QR code
          </Button>
          <Button component={RouterLink} to="/templates" variant="outlined" size="large">
            Browse templates
          </Button>
        </Stack>
      </Container>
    </>
  );
}
