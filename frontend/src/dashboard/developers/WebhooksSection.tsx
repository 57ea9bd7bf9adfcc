// The Developers page's webhooks (issue 34): create one (URL, the events it receives, bots too or not; the signing
// secret is shown once, with a copy button), list them with Delete (after a confirmation), and under each its latest
// deliveries (status, attempts, last answer, next attempt) with Retry on a failed one and Replay from a date.
// Payloads and signatures: docs/webhooks.md, linked through /api/docs.
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormHelperText,
  LinearProgress,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { serverMessage } from '../../api/http';
import { toast } from '../../ui/toast';
import { Secret } from './Secret';
import {
  createWebhook,
  deleteWebhook,
  deliveriesKey,
  listDeliveries,
  listWebhooks,
  replayFrom,
  replayWebhook,
  retryDelivery,
  enableWebhook,
  WEBHOOK_EVENTS,
  WEBHOOKS,
  type CreatedWebhook,
  type Delivery,
  type Webhook,
  type WebhookEvent,
} from './webhooks';

const dateTime = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
const failed = (error: unknown, fallback: string) =>
  toast({ title: 'Error', description: serverMessage(error, fallback), variant: 'destructive' });

/** A native checkbox with its label: MUI's Checkbox would move code into a chunk the landing page loads (see keys). */
function CheckRow({ checked, onChange, children }: { checked: boolean; onChange: (on: boolean) => void; children: ReactNode }) {
  return (
    <Box component="label" sx={{ display: 'flex', alignItems: 'center', gap: 1, cursor: 'pointer', minHeight: 40 }}>
      <Box
        component="input"
        type="checkbox"
        checked={checked}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.checked)}
        sx={{ width: 18, height: 18, m: 1, accentColor: (theme) => theme.palette.primary.main }}
      />
      <span>{children}</span>
    </Box>
  );
}

function NewWebhookCard({ onCreated }: { onCreated: (webhook: CreatedWebhook) => void }) {
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['scan.created']);
  const [includeBots, setIncludeBots] = useState(false);
  const [errors, setErrors] = useState<{ url?: string; events?: string }>({});
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: createWebhook,
    onSuccess: async (created) => {
      setUrl('');
      setErrors({});
      onCreated(created);
      await queryClient.invalidateQueries({ queryKey: WEBHOOKS });
    },
    onError: (error) => failed(error, 'Could not create the webhook'),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      url: url.trim() ? undefined : 'URL is required',
      events: events.length ? undefined : 'Choose at least one event',
    };
    setErrors(found);
    if (found.url || found.events) return;
    create.mutate({ url: url.trim(), events, includeBots });
  };
  const toggle = (type: WebhookEvent, on: boolean) =>
    setEvents((current) => WEBHOOK_EVENTS.map((e) => e.event).filter((e) => (e === type ? on : current.includes(e))));
  return (
    <Card variant="outlined">
      <CardContent component="form" noValidate onSubmit={submit} aria-label="Create a webhook">
        <Typography variant="h6" component="h2" gutterBottom>
          Create a webhook
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          We POST each event you choose to your URL as JSON, signed per the Standard Webhooks specification, retrying for about a day when
          it does not answer 2xx.
        </Typography>
        <TextField
          label="URL"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          error={Boolean(errors.url)}
          helperText={errors.url ?? 'An https address that accepts POST requests'}
          slotProps={{ htmlInput: { maxLength: 2048, inputMode: 'url' } }}
          fullWidth
          sx={{ mb: 1, maxWidth: 560 }}
        />
        <Typography component="h3" variant="subtitle2" id="webhook-events-label" sx={{ mt: 1 }}>
          Events
        </Typography>
        <Box role="group" aria-labelledby="webhook-events-label" sx={{ display: 'grid', gap: 0.5, my: 1 }}>
          {WEBHOOK_EVENTS.map(({ event, label }) => (
            <CheckRow key={event} checked={events.includes(event)} onChange={(on) => toggle(event, on)}>
              <Box component="code" sx={{ mr: 1 }}>
                {event}
              </Box>
              <Typography component="span" color="text.secondary" variant="body2">
                {label}
              </Typography>
            </CheckRow>
          ))}
        </Box>
        {errors.events && <FormHelperText error>{errors.events}</FormHelperText>}
        <CheckRow checked={includeBots} onChange={setIncludeBots}>
          Include bots and link previews in scan.created
        </CheckRow>
        <Button type="submit" variant="contained" disabled={create.isPending} sx={{ mt: 2 }}>
          Create webhook
        </Button>
      </CardContent>
    </Card>
  );
}

/** The signing secret, shown this once. */
function CreatedWebhookDialog({ created, onClose }: { created: CreatedWebhook | null; onClose: () => void }) {
  return (
    <Dialog open={created !== null} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="new-webhook-title">
      <DialogTitle id="new-webhook-title">Your webhook&apos;s signing secret</DialogTitle>
      {created && (
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <Alert severity="warning">Copy it now: it is shown only this once.</Alert>
          <Secret label="secret" value={created.secret} testId="new-webhook-secret" copied="The secret" />
          <DialogContentText sx={{ overflowWrap: 'anywhere' }}>
            Check each request&apos;s webhook-signature header with it (any Standard Webhooks library does). Deliveries go to {created.url}.
          </DialogContentText>
        </DialogContent>
      )}
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function DeleteWebhookDialog({ webhook, onClose }: { webhook: Webhook | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (id: string) => deleteWebhook(id),
    onSuccess: async () => {
      toast({ title: 'Webhook deleted', description: 'Nothing more is sent to it.' });
      await queryClient.invalidateQueries({ queryKey: WEBHOOKS });
      onClose();
    },
    onError: (error) => failed(error, 'Could not delete the webhook'),
  });
  return (
    <Dialog open={webhook !== null} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="delete-webhook-title">
      <DialogTitle id="delete-webhook-title">Delete this webhook?</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ overflowWrap: 'anywhere' }}>
          {webhook ? `${webhook.url} gets nothing more; deliveries not yet sent are cancelled. This cannot be undone.` : ''}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button color="error" variant="contained" disabled={remove.isPending} onClick={() => webhook && remove.mutate(webhook.id)}>
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}

const STATUS_COLOURS: Record<Delivery['status'], 'default' | 'success' | 'error' | 'warning' | 'info'> = {
  pending: 'info',
  sending: 'info',
  delivered: 'success',
  failed: 'error',
  cancelled: 'default',
};

function DeliveryRow({ webhookId, delivery }: { webhookId: string; delivery: Delivery }) {
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: () => retryDelivery(webhookId, delivery.id),
    onSuccess: async () => {
      toast({ title: 'Retry queued', description: 'The delivery is sent again with the same webhook-id.' });
      await queryClient.invalidateQueries({ queryKey: WEBHOOKS });
      await queryClient.invalidateQueries({ queryKey: deliveriesKey(webhookId) });
    },
    onError: (error) => failed(error, 'Could not retry the delivery'),
  });
  return (
    <Box
      component="li"
      data-testid="delivery"
      data-delivery-id={delivery.id}
      sx={{
        listStyle: 'none',
        borderTop: 1,
        borderColor: 'divider',
        py: 1,
        display: 'grid',
        gap: 1,
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) auto' },
        alignItems: 'center',
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Box component="code" sx={{ fontSize: 13 }} data-testid="delivery-event">
            {delivery.event}
          </Box>
          <Chip size="small" color={STATUS_COLOURS[delivery.status]} label={delivery.status} data-testid="delivery-status" />
          {delivery.replay && <Chip size="small" variant="outlined" label="replay" />}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {dateTime(delivery.createdAt)} · {delivery.attempts === 1 ? '1 attempt' : `${delivery.attempts} attempts`}
          {delivery.lastStatus ? ` · last: ${delivery.lastStatus}` : ''}
          {delivery.nextAttemptAt ? ` · next attempt ${dateTime(delivery.nextAttemptAt)}` : ''}
        </Typography>
      </Box>
      {delivery.status === 'failed' && (
        <Button
          variant="outlined"
          size="small"
          disabled={retry.isPending || retry.isSuccess}
          onClick={() => retry.mutate()}
          aria-label={`Retry the ${delivery.event} delivery`}
        >
          Retry
        </Button>
      )}
    </Box>
  );
}

function ReplayForm({ webhookId }: { webhookId: string }) {
  const [from, setFrom] = useState('');
  const [error, setError] = useState<string | undefined>();
  const queryClient = useQueryClient();
  const replay = useMutation({
    mutationFn: (at: string) => replayWebhook(webhookId, at),
    onSuccess: async () => {
      setError(undefined);
      toast({ title: 'Replay requested', description: 'Every event since then is sent again.' });
      await queryClient.invalidateQueries({ queryKey: deliveriesKey(webhookId) });
    },
    onError: (failure) => failed(failure, 'Could not replay'),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const at = replayFrom(from);
    setError(at ? undefined : 'Choose a date and time');
    if (at) replay.mutate(at);
  };
  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label="Replay events"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start', mt: 1 }}
    >
      <TextField
        label="Replay from"
        type="datetime-local"
        size="small"
        value={from}
        onChange={(event) => setFrom(event.target.value)}
        error={Boolean(error)}
        helperText={error ?? 'Every event since then, sent again'}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 1 } }}
      />
      <Button type="submit" variant="outlined" disabled={replay.isPending} sx={{ mt: 0.5 }}>
        Replay
      </Button>
    </Box>
  );
}

function Deliveries({ webhookId }: { webhookId: string }) {
  const deliveries = useQuery({ queryKey: deliveriesKey(webhookId), queryFn: () => listDeliveries(webhookId), refetchInterval: 2000 });
  return (
    <Box sx={{ mt: 1 }}>
      {deliveries.isPending && <LinearProgress aria-label="Loading deliveries" />}
      {deliveries.isError && <Alert severity="error">{serverMessage(deliveries.error, 'Could not load the deliveries')}</Alert>}
      {deliveries.data?.length === 0 && <Typography color="text.secondary">No deliveries yet.</Typography>}
      {deliveries.data && deliveries.data.length > 0 && (
        <Box component="ul" aria-label="Deliveries" sx={{ m: 0, p: 0 }}>
          {deliveries.data.map((delivery) => (
            <DeliveryRow key={`${delivery.id}-${delivery.replay}-${delivery.createdAt}`} webhookId={webhookId} delivery={delivery} />
          ))}
        </Box>
      )}
      <ReplayForm webhookId={webhookId} />
    </Box>
  );
}

function WebhookRow({ webhook, onDelete }: { webhook: Webhook; onDelete: (webhook: Webhook) => void }) {
  const [open, setOpen] = useState(false);
  const deliveriesId = useId();
  const disabled = webhook.status === 'disabled';
  const queryClient = useQueryClient();
  const enable = useMutation({
    mutationFn: () => enableWebhook(webhook.id),
    onSuccess: async () => {
      toast({ title: 'Webhook enabled', description: 'New events are sent to it again.' });
      await queryClient.invalidateQueries({ queryKey: WEBHOOKS });
    },
    onError: (error) => failed(error, 'Could not enable the webhook'),
  });
  return (
    <Box
      component="li"
      data-testid="webhook"
      data-webhook-id={webhook.id}
      sx={{ listStyle: 'none', border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, display: 'grid', gap: 1, minWidth: 0 }}
    >
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) auto' }, alignItems: 'center' }}>
        <Box sx={{ minWidth: 0 }}>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="webhook-url">
              {webhook.url}
            </Typography>
            <Chip size="small" color={disabled ? 'error' : 'success'} label={disabled ? 'Disabled' : 'Active'} />
          </Stack>
          <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', my: 0.5 }} aria-label="Events">
            {webhook.events.map((event) => (
              <Chip key={event} size="small" variant="outlined" label={event} />
            ))}
            {webhook.includeBots && <Chip size="small" variant="outlined" label="bots too" />}
          </Stack>
          <Typography variant="body2" color="text.secondary">
            Created {dateTime(webhook.createdAt)}
          </Typography>
          {disabled && (
            <Alert severity="error" sx={{ mt: 1 }}>
              Disabled {webhook.disabledAt ? dateTime(webhook.disabledAt) : ''} after a delivery failed every try
              {webhook.disabledReason ? ` (${webhook.disabledReason})` : ''}. Enable it to send new events again, or retry that delivery to
              send it and turn the webhook back on.
            </Alert>
          )}
        </Box>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          {disabled && (
            <Button
              variant="contained"
              disabled={enable.isPending}
              onClick={() => enable.mutate()}
              aria-label={`Enable the webhook to ${webhook.url}`}
            >
              Enable
            </Button>
          )}
          <Button variant="outlined" aria-expanded={open} aria-controls={deliveriesId} onClick={() => setOpen(!open)}>
            {open ? 'Hide deliveries' : 'Deliveries'}
          </Button>
          <Button color="error" variant="outlined" onClick={() => onDelete(webhook)} aria-label={`Delete the webhook to ${webhook.url}`}>
            Delete
          </Button>
        </Stack>
      </Box>
      <Box id={deliveriesId}>{open && <Deliveries webhookId={webhook.id} />}</Box>
    </Box>
  );
}

export function WebhooksSection() {
  const webhooks = useQuery({ queryKey: WEBHOOKS, queryFn: listWebhooks });
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  return (
    <>
      <NewWebhookCard onCreated={setCreated} />
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            Your webhooks
          </Typography>
          {webhooks.isPending && <LinearProgress aria-label="Loading webhooks" />}
          {webhooks.isError && <Alert severity="error">{serverMessage(webhooks.error, 'Could not load your webhooks')}</Alert>}
          {webhooks.data?.length === 0 && <Typography color="text.secondary">No webhooks yet.</Typography>}
          {webhooks.data && webhooks.data.length > 0 && (
            <Box component="ul" aria-label="Webhooks" sx={{ m: 0, p: 0, display: 'grid', gap: 1 }}>
              {webhooks.data.map((webhook) => (
                <WebhookRow key={webhook.id} webhook={webhook} onDelete={setDeleting} />
              ))}
            </Box>
          )}
        </CardContent>
      </Card>
      <CreatedWebhookDialog created={created} onClose={() => setCreated(null)} />
      <DeleteWebhookDialog webhook={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
