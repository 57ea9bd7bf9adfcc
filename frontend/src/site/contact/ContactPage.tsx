import EmailIcon from '@mui/icons-material/Email';
import LocationOnIcon from '@mui/icons-material/LocationOn';
import PhoneIcon from '@mui/icons-material/Phone';
import { Box, Button, Card, CardContent, Container, Grid, Link, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { apiRequest } from '../../api/http';
import { PageHeader } from '../../ui/PageHeader';
import { toast } from '../../ui/toast';
import { usePageTitle } from '../../ui/usePageTitle';
import { INQUIRY_TYPES, validateContact, type ContactForm } from './contact-validation';

export const SUPPORT_EMAIL = 'support@qrcodesharks.com';

const EMPTY: ContactForm = { name: '', email: '', subject: '', message: '', inquiryType: 'general' };

const HELP_TOPICS = [
  {
    title: 'A code does not scan',
    text:
      'Check the contrast between the code and background colours, leave a quiet margin around the code, and print it at least 2 cm ' +
      'wide.',
  },
  {
    title: 'Changing a printed code',
    text: 'Only dynamic codes can change after printing. Open the dashboard, choose the code and edit its destination.',
  },
  { title: 'Billing and plans', text: 'Premium is $9.99/month. You can upgrade or cancel from the Subscription page at any time.' },
  {
    title: 'White-label and agencies',
    text: 'Tell us your domain and brand colours and we will set up a white-label space for your clients.',
  },
] as const;

const COMMON_QUESTIONS = [
  { question: 'How fast do you reply?', answer: 'Within 24 hours, usually much sooner on working days.' },
  { question: 'Can I call you?', answer: 'Yes, Monday to Friday from 9AM to 6PM Eastern time.' },
  { question: 'Do you offer custom plans?', answer: 'For agencies and large teams, yes. Choose "Business and partnerships" in the form.' },
] as const;

export function ContactPage() {
  usePageTitle('Contact Us - QR Code Sharks');
  const [form, setForm] = useState<ContactForm>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof ContactForm, string>>>({});
  const [submitting, setSubmitting] = useState(false);

  const update = <K extends keyof ContactForm>(key: K, value: ContactForm[K]) => setForm((previous) => ({ ...previous, [key]: value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateContact(form);
    setErrors(found);
    if (Object.keys(found).length) return;
    setSubmitting(true);
    try {
      await apiRequest('POST', '/api/contact', {
        name: form.name.trim(),
        email: form.email.trim(),
        subject: form.subject.trim(),
        message: form.message.trim(),
        inquiryType: form.inquiryType,
      });
      toast({ title: 'Message Sent!', description: "Thank you for contacting us. We'll get back to you within 24 hours." });
      setForm(EMPTY);
    } catch {
      toast({
        title: 'Error',
        description: `There was an issue sending your message. Please try again or email us directly at ${SUPPORT_EMAIL}`,
        variant: 'destructive',
      });
    } finally {
      setSubmitting(false);
    }
  };

  const text = (key: 'name' | 'email' | 'subject' | 'message', label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      name={key}
      label={label}
      value={form[key]}
      onChange={(event) => update(key, event.target.value)}
      error={Boolean(errors[key])}
      helperText={errors[key]}
      required
      fullWidth
      {...extra}
    />
  );

  return (
    <>
      <PageHeader title="Contact Us" subtitle="Questions, feedback or a partnership idea? We answer every message within 24 hours." />
      <Container maxWidth="lg" sx={{ py: 6 }}>
        <Grid container spacing={4}>
          <Grid size={{ xs: 12, md: 7 }}>
            <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
              <Typography variant="h5" component="h2" gutterBottom>
                Send us a message
              </Typography>
              <Box component="form" noValidate onSubmit={onSubmit} aria-label="Contact form">
                <Stack spacing={2}>
                  {text('name', 'Name', { autoComplete: 'name' })}
                  {text('email', 'Email', { type: 'email', autoComplete: 'email' })}
                  <TextField
                    select
                    name="inquiryType"
                    label="Inquiry type"
                    value={form.inquiryType}
                    onChange={(event) => update('inquiryType', event.target.value as ContactForm['inquiryType'])}
                    fullWidth
                  >
                    {INQUIRY_TYPES.map((type) => (
                      <MenuItem key={type.value} value={type.value}>
                        {type.label}
                      </MenuItem>
                    ))}
                  </TextField>
                  {text('subject', 'Subject')}
                  {text('message', 'Message', { multiline: true, minRows: 5 })}
                  <Box>
                    <Button type="submit" variant="contained" size="large" disabled={submitting}>
                      {submitting ? 'Sending...' : 'Send Message'}
                    </Button>
                  </Box>
                </Stack>
              </Box>
            </Paper>
          </Grid>
          <Grid size={{ xs: 12, md: 5 }}>
            <Stack spacing={2}>
              <Card variant="outlined">
                <CardContent sx={{ display: 'flex', gap: 2 }}>
                  <EmailIcon color="primary" aria-hidden="true" />
                  <Box>
                    <Typography variant="h6" component="h2">
                      Email
                    </Typography>
                    <Link href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Link>
                    <Typography variant="body2" color="text.secondary">
                      Replies within 24 hours
                    </Typography>
                  </Box>
                </CardContent>
              </Card>
              <Card variant="outlined">
                <CardContent sx={{ display: 'flex', gap: 2 }}>
                  <PhoneIcon color="primary" aria-hidden="true" />
                  <Box>
                    <Typography variant="h6" component="h2">
                      Phone
                    </Typography>
                    <Link href="tel:+18005550199">+1 (800) 555-0199</Link>
                    <Typography variant="body2" color="text.secondary">
                      Mon-Fri 9AM-6PM EST
                    </Typography>
                  </Box>
                </CardContent>
              </Card>
              <Card variant="outlined">
                <CardContent sx={{ display: 'flex', gap: 2 }}>
                  <LocationOnIcon color="primary" aria-hidden="true" />
                  <Box>
                    <Typography variant="h6" component="h2">
                      Office
                    </Typography>
                    <Typography>Remote-first team, serving customers worldwide</Typography>
                  </Box>
                </CardContent>
              </Card>
              <Card variant="outlined">
                <CardContent>
                  <Typography variant="h6" component="h2" gutterBottom>
                    Quick links
                  </Typography>
                  <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
                    <Link component={RouterLink} to="/faq">
                      FAQ
                    </Link>
                    <Link component={RouterLink} to="/features">
                      Features
                    </Link>
                    <Link component={RouterLink} to="/use-cases">
                      Use Cases
                    </Link>
                  </Stack>
                </CardContent>
              </Card>
            </Stack>
          </Grid>
        </Grid>

        <Typography variant="h4" component="h2" sx={{ mt: 8, mb: 3 }}>
          Help topics
        </Typography>
        <Grid container spacing={3}>
          {HELP_TOPICS.map((topic) => (
            <Grid key={topic.title} size={{ xs: 12, sm: 6, md: 3 }}>
              <Typography variant="h6" component="h3" gutterBottom>
                {topic.title}
              </Typography>
              <Typography color="text.secondary">{topic.text}</Typography>
            </Grid>
          ))}
        </Grid>

        <Typography variant="h4" component="h2" sx={{ mt: 8, mb: 3 }}>
          Common questions
        </Typography>
        <Stack spacing={2}>
          {COMMON_QUESTIONS.map((item) => (
            <Box key={item.question}>
              <Typography variant="h6" component="h3">
                {item.question}
              </Typography>
              <Typography color="text.secondary">{item.answer}</Typography>
            </Box>
          ))}
        </Stack>
      </Container>
    </>
  );
}
