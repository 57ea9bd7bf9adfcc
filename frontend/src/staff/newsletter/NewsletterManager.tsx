import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import {
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Title } from 'react-admin';
import { Link } from 'react-router-dom';
import { apiJson, newIdempotencyKey, serverMessage } from '../../api/http';
import type { ApiAnswer } from '../../api/types';
import { toast } from '../../ui/toast';
import { LiveCampaign } from './CampaignProgress';

type Stats = ApiAnswer<'/api/newsletter/stats'>;
/** Every send answers the campaign it started; the toast's message and counts depend on which send (all four in the docs). */
type Started = ApiAnswer<'/api/send-newsletter', 'post'> &
  Partial<Pick<ApiAnswer<'/api/send-scan-notifications', 'post'>, 'message' | 'successCount' | 'totalUsers'>>;

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
  /** The newsletter waiting for the admin's yes, with the confirmed subscribers it would reach now. */
  const [confirming, setConfirming] = useState<{ recipients: number } | null>(null);
  // A second click (a double click on Send, on the confirmation) before React re-renders with busy: this ref stops it.
  const sending = useRef(false);
  const stats = useQuery({ queryKey: ['/api/newsletter/stats'], queryFn: () => apiJson<Stats>('GET', '/api/newsletter/stats') });

  /** One Idempotency-Key per request until it succeeds: a retry after an error or a lost answer starts no second campaign. */
  const attempts = useRef(new Map<string, string>());

  const send = async (
    what: string,
    path: string,
    body: unknown,
    success: (answer: Started) => { title: string; description: string },
  ): Promise<boolean> => {
    if (sending.current) return false;
    sending.current = true;
    setBusy(what);
    const request = `${path} ${JSON.stringify(body)}`;
    const key = attempts.current.get(request) ?? newIdempotencyKey();
    attempts.current.set(request, key);
    try {
      const answer = await apiJson<Started>('POST', path, body, { 'Idempotency-Key': key });
      attempts.current.delete(request);
      setCampaigns((list) => (list.includes(answer.campaignId) ? list : [answer.campaignId, ...list]));
      toast(success(answer));
      return true;
    } catch (error) {
      toast({ title: 'Error', description: serverMessage(error, `Failed to send ${what}.`), variant: 'destructive' });
      return false;
    } finally {
      sending.current = false;
      setBusy(null);
    }
  };

  const sendNewsletter = async (test: boolean) => {
    if (!subject.trim() || !content.trim()) {
      toast({ title: 'Missing Information', description: MISSING, variant: 'destructive' });
      return;
    }
    const sent = await send(
      test ? 'the test newsletter' : 'the newsletter',
      '/api/send-newsletter',
      { subject, content, includeStats, test },
      (answer) => ({
        title: 'Newsletter Sent!',
        description: answer.message ?? '',
      }),
    );
    // The newsletter is out: an empty form, so a second click has nothing to send (a test keeps it for the real send).
    if (sent && !test) {
      setSubject('');
      setContent('');
      setIncludeStats(false);
    }
  };

  /** Send Newsletter asks first, with the number of confirmed subscribers it would reach. */
  const askToSend = async () => {
    if (!subject.trim() || !content.trim()) {
      toast({ title: 'Missing Information', description: MISSING, variant: 'destructive' });
      return;
    }
    if (sending.current || confirming) return;
    sending.current = true;
    setBusy('the newsletter');
    try {
      const { recipientCount } = await apiJson<ApiAnswer<'/api/newsletter/recipients'>>('GET', '/api/newsletter/recipients');
      setConfirming({ recipients: recipientCount });
    } catch (error) {
      toast({ title: 'Error', description: serverMessage(error, 'Failed to count the subscribers.'), variant: 'destructive' });
    } finally {
      sending.current = false;
      setBusy(null);
    }
  };
  const confirmSend = () => {
    if (!confirming) return;
    setConfirming(null);
    void sendNewsletter(false);
  };
  const subscribers = (count: number) => `${count} confirmed ${count === 1 ? 'subscriber' : 'subscribers'}`;
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
              <Button variant="outlined" disabled={busy !== null} onClick={() => void sendNewsletter(true)}>
                Send Test
              </Button>
              <Button variant="contained" disabled={busy !== null} onClick={() => void askToSend()}>
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
      <Dialog open={confirming !== null} onClose={() => setConfirming(null)} aria-labelledby="send-newsletter-title">
        <DialogTitle id="send-newsletter-title">Send this newsletter?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            “{subject.trim()}” goes to {subscribers(confirming?.recipients ?? 0)} now. It cannot be called back once sent.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(null)}>Cancel</Button>
          <Button variant="contained" onClick={confirmSend} disabled={busy !== null}>
            Send to {subscribers(confirming?.recipients ?? 0)}
          </Button>
        </DialogActions>
      </Dialog>
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
