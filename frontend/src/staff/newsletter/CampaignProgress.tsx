import { Box, LinearProgress, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ApiAnswer } from '../../api/types';
import { API, httpClient } from '../data-provider';

/** A campaign as GET /api/admin/campaigns/{id} answers it: its figures from the sent ledger. */
export type Campaign = ApiAnswer<'/api/admin/campaigns/{id}'>;

export const KIND_LABELS: Record<Campaign['kind'], string> = {
  newsletter: 'Newsletter',
  'newsletter-test': 'Test newsletter',
  welcome: 'Welcome emails',
  'scan-report': 'Scan notifications',
  'pause-report': 'Pause notifications',
};

/**
 * Done when the campaign's rows are in the ledger and none is still queued: sent, failed for good, or skipped (opted
 * out, or gone between the start and the send, so `sent` alone may never reach the recipient count).
 */
export const finished = (campaign: Campaign) => campaign.queued === 0 && (campaign.total > 0 || campaign.recipientCount === 0);

/** The bar and figures of one campaign: queued, sent, failed of its recipients (skipped: opted out or gone). */
export function ProgressBar({ campaign }: { campaign: Campaign }) {
  // Before the dispatcher expanded the campaign it has no rows: 0 %.
  const value = finished(campaign) ? 100 : campaign.total ? ((campaign.total - campaign.queued) / campaign.total) * 100 : 0;
  return (
    <Box>
      <LinearProgress
        variant="determinate"
        value={value}
        color={campaign.failed ? 'warning' : 'primary'}
        aria-label={`${KIND_LABELS[campaign.kind]} progress`}
        sx={{ height: 8, borderRadius: 4 }}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} data-testid="campaign-figures">
        {campaign.sent} of {campaign.recipientCount} sent · {campaign.queued} queued · {campaign.failed} failed
        {campaign.skipped ? ` · ${campaign.skipped} skipped` : ''}
      </Typography>
    </Box>
  );
}

/** A campaign's progress, asked for every second until it is done. */
export function LiveCampaign({ id }: { id: string }) {
  const { data } = useQuery({
    queryKey: ['campaign', id],
    queryFn: () => httpClient(`${API}/campaigns/${id}`).then(({ json }) => json as Campaign),
    refetchInterval: (query) => (query.state.data && finished(query.state.data) ? false : 1000),
  });
  if (!data) return <LinearProgress aria-label="Starting the campaign" />;
  return (
    <Box data-testid={`campaign-${id}`}>
      <Typography variant="subtitle2">
        {KIND_LABELS[data.kind]}: {data.subject}
      </Typography>
      <ProgressBar campaign={data} />
    </Box>
  );
}
