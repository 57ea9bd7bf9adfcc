import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, Button, Card, CardContent, FormControlLabel, Stack, Switch, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Title } from 'react-admin';
import { Link } from 'react-router-dom';
import { apiJson, newIdempotencyKey, serverMessage } from '../../api/http';
import { toast } from '../../ui/toast';
import { LiveCampaign } from './CampaignProgress';

interface Stats {
  totalUsers: number;
  newUsers: number;
  totalQRCodes: number;
  newQRCodes: number;
}

interface Started {
  campaignId: string;
  message?: string;
  successCount?: number;
  totalUsers?: number;
}

const MISSING = 'Please provide both subject and content for the newsletter.';
const STAT_LABELS: [keyof Stats, string][] = [
  ['totalUsers', 'Total users'],
  ['newUsers', 'New users (7 days)'],
  ['totalQRCodes', 'Total QR codes'],
  ['newQRCodes', 'New QR codes (7 days)'],
];

/**
 * The core spec's admin panel newsletter manager, in the staff console (admins): the stats, subject, content (15 rows),
 * include-stats switch, and the buttons for a test send, the newsletter, welcome emails to all users, scan and pause
 * notifications. Each send starts a campaign whose progress bar follows it here until every mail is out.
 */
export function NewsletterManager() {
  const [subject, setSubject] = useState('');
  const [content, setContent] = useState('');
  const [includeStats, setIncludeStats] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [campaigns, setCampaigns] = useState<string[]>([]);
  const stats = useQuery({ queryKey: ['/api/newsletter/stats'], queryFn: () => apiJson<Stats>('GET', '/api/newsletter/stats') });

  /** One Idempotency-Key per request until it succeeds: a retry after an error or a lost answer starts no second campaign. */
  const attempts = useRef(new Map<string, string>());

  const send = async (what: string, path: string, body: unknown, success: (answer: Started) => { title: string; description: string }) => {
    setBusy(what);
    const request = `${path} ${JSON.stringify(body)}`;
    const key = attempts.current.get(request) ?? newIdempotencyKey();
    attempts.current.set(request, key);
    try {
      const answer = await apiJson<Started>('POST', path, body, { 'Idempotency-Key': key });
      attempts.current.delete(request);
      setCampaigns((list) => (list.includes(answer.campaignId) ? list : [answer.campaignId, ...list]));
      toast(success(answer));
    } catch (error) {
      toast({ title: 'Error', description: serverMessage(error, `Failed to send ${what}.`), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };

  const sendNewsletter = (test: boolean) => {
    if (!subject.trim() || !content.trim()) {
      toast({ title: 'Missing Information', description: MISSING, variant: 'destructive' });
      return;
    }
    void send(
      test ? 'the test newsletter' : 'the newsletter',
      '/api/send-newsletter',
      { subject, content, includeStats, test },
      (answer) => ({
        title: 'Newsletter Sent!',
        description: answer.message ?? '',
      }),
    );
  };
  const counted = (title: string) => (answer: Started) => ({
    title,
    description: answer.message ?? `${answer.successCount ?? 0} of ${answer.totalUsers ?? 0} users queued.`,
  });

  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Newsletter" />
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 2, mb: 3 }}>
        <Typography variant="h4" component="h1">
          Newsletter Manager
        </Typography>
        <Button component={Link} to="/dashboard" variant="outlined" startIcon={<ArrowBackIcon />}>
          Back to Dashboard
        </Button>
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 2, mb: 3 }}>
        {STAT_LABELS.map(([key, label]) => (
          <Card key={key}>
            <CardContent>
              <Typography variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography variant="h5" component="p" data-testid={`stat-${key}`}>
                {stats.data ? stats.data[key] : '…'}
              </Typography>
            </CardContent>
          </Card>
        ))}
      </Box>
      <Card sx={{ mb: 3 }}>
        <CardContent>
          <Stack spacing={2}>
            <TextField label="Subject" value={subject} onChange={(event) => setSubject(event.target.value)} fullWidth />
            <TextField label="Content" value={content} onChange={(event) => setContent(event.target.value)} multiline rows={15} fullWidth />
            <FormControlLabel
              control={<Switch checked={includeStats} onChange={(event) => setIncludeStats(event.target.checked)} />}
              label="Include platform stats"
            />
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              <Button variant="outlined" disabled={busy !== null} onClick={() => sendNewsletter(true)}>
                Send Test
              </Button>
              <Button variant="contained" disabled={busy !== null} onClick={() => sendNewsletter(false)}>
                Send Newsletter
              </Button>
            </Box>
          </Stack>
        </CardContent>
      </Card>
      <Card sx={{ mb: 3 }}>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            Notifications
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <Button
              variant="outlined"
              disabled={busy !== null}
              onClick={() => void send('welcome emails', '/api/send-welcome-to-all', undefined, counted('Welcome Emails Sent!'))}
            >
              Send Welcome to All Users
            </Button>
            <Button
              variant="outlined"
              disabled={busy !== null}
              onClick={() =>
                void send('scan notifications', '/api/send-scan-notifications', undefined, counted('Scan Notifications Sent!'))
              }
            >
              Send Scan Notifications
            </Button>
            <Button
              variant="outlined"
              disabled={busy !== null}
              onClick={() =>
                void send('pause notifications', '/api/send-pause-notifications', undefined, counted('Pause Notifications Sent!'))
              }
            >
              Send Pause Notifications
            </Button>
          </Box>
        </CardContent>
      </Card>
      {campaigns.length > 0 && (
        <Card>
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              Progress
            </Typography>
            <Stack spacing={2}>
              {campaigns.map((id) => (
                <LiveCampaign key={id} id={id} />
              ))}
            </Stack>
            <Button component={Link} to="/admin/campaigns" sx={{ mt: 1 }}>
              All campaigns
            </Button>
          </CardContent>
        </Card>
      )}
    </Box>
  );
}
