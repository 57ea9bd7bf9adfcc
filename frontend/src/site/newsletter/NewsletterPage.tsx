import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import { Box, Container, List, ListItem, ListItemIcon, ListItemText, Paper, Typography } from '@mui/material';
import { NewsletterForm } from '../../ui/NewsletterForm';
import { PageHeader } from '../../ui/PageHeader';
import { usePageTitle } from '../../ui/usePageTitle';

const TOPICS = [
  'One practical QR code idea you can use this week',
  'Print and design checklists that prevent unscannable codes',
  'Campaign results and what the scan numbers taught us',
  'New features in QR Code Sharks before anyone else',
] as const;

export function NewsletterPage() {
  usePageTitle('Newsletter - QR Code Sharks');
  return (
    <>
      <PageHeader title="Shark Tips Newsletter" subtitle="Weekly tips about QR codes and marketing strategies, in one short email." />
      <Container maxWidth="md" sx={{ py: 6 }}>
        <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 } }}>
          <Typography variant="h5" component="h2" gutterBottom>
            What you get every week
          </Typography>
          <List>
            {TOPICS.map((topic) => (
              <ListItem key={topic} disableGutters>
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <MarkEmailReadIcon color="primary" aria-hidden="true" />
                </ListItemIcon>
                <ListItemText primary={topic} />
              </ListItem>
            ))}
          </List>
          <Box sx={{ mt: 3 }}>
            <NewsletterForm />
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            We send one email a week and never share your address. Every email has an unsubscribe link.
          </Typography>
        </Paper>
      </Container>
    </>
  );
}
