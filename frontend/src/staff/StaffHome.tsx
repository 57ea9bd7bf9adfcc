import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, Button, Card, CardActionArea, CardContent, List, ListItem, ListItemButton, ListItemText, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { useQuery } from '@tanstack/react-query';
import { Title, useGetList } from 'react-admin';
import { Link } from 'react-router-dom';
import type { ApiAnswer } from '../api/types';
import { API, httpClient } from './data-provider';
import { sentence, type AuditRow } from './events/EventList';
import { useCan, useStaff } from './staff';

/** GET /api/admin/overview, as the server's OpenAPI document describes it (projectionsBehind: null for a tenant's staff). */
type StaffOverview = ApiAnswer<'/api/admin/overview'>;

interface Figure {
  id: string;
  label: string;
  value: number;
  /** Where the card leads: the list behind the figure, where the console has one. */
  to?: string;
}

function FigureCard({ figure }: { figure: Figure }) {
  const body = (
    <CardContent>
      <Typography variant="body2" color="text.secondary" component="h2">
        {figure.label}
      </Typography>
      <Typography variant="h4" component="p" data-testid={`overview-${figure.id}`}>
        {figure.value.toLocaleString()}
      </Typography>
    </CardContent>
  );
  return (
    <Card variant="outlined">
      {figure.to ? (
        <CardActionArea component={Link} to={figure.to}>
          {body}
        </CardActionArea>
      ) : (
        body
      )}
    </Card>
  );
}

/** The figures staff look at first (issue 30 item 6), and sign-ups per day over the last 14 days. */
function Overview() {
  const operate = useCan('operate');
  const { data } = useQuery<StaffOverview>({
    queryKey: ['/api/admin/overview'],
    queryFn: () => httpClient(`${API}/overview`).then(({ json }) => json as StaffOverview),
  });
  if (!data) return <Typography variant="body2">Loading figures…</Typography>;
  const figures: Figure[] = [
    { id: 'new-users-today', label: 'New users today', value: data.newUsersToday, to: '/admin/users' },
    { id: 'new-users-7d', label: 'New users, last 7 days', value: data.newUsers7d, to: '/admin/users' },
    { id: 'codes', label: 'QR codes', value: data.codes, to: '/admin/codes' },
    { id: 'scans-today', label: 'Scans today', value: data.scansToday },
    { id: 'mails-queued', label: 'Mails queued', value: data.mailsQueued },
  ];
  if (data.projectionsBehind !== null)
    figures.push({
      id: 'projections-behind',
      label: 'Projections behind',
      value: data.projectionsBehind,
      to: operate ? '/admin/projections' : undefined,
    });
  return (
    <Box component="section" aria-label="Figures" sx={{ mb: 3 }}>
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' }, mb: 2 }}
      >
        {figures.map((figure) => (
          <FigureCard key={figure.id} figure={figure} />
        ))}
      </Box>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2">
            Sign-ups per day
          </Typography>
          <Typography variant="body2" color="text.secondary">
            The last 14 days (UTC)
          </Typography>
          <BarChart
            height={220}
            xAxis={[{ scaleType: 'band', data: data.signupsPerDay.map((d) => d.day.slice(5)), label: 'Day (month-day)' }]}
            yAxis={[{ label: 'Sign-ups', tickMinStep: 1 }]}
            series={[{ data: data.signupsPerDay.map((d) => d.count), label: 'Sign-ups' }]}
            hideLegend
          />
        </CardContent>
      </Card>
    </Box>
  );
}

/** The staff console's opening page: the core spec's admin panel heading and Back to Dashboard, the figures and the latest changes. */
export function StaffHome() {
  const { staff } = useStaff();
  const { data = [], isPending } = useGetList<AuditRow>('events', {
    pagination: { page: 1, perPage: 8 },
    sort: { field: 'position', order: 'DESC' },
  });
  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Admin Panel" />
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 2, mb: 3 }}>
        <Box>
          <Typography variant="h4" component="h1">
            Admin Panel
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Signed in as {staff?.email} ({staff?.roles.filter((role) => role !== 'user').join(', ')})
            {staff && !staff.allTenants ? ' · your tenant only' : ''}
          </Typography>
        </Box>
        <Button component={Link} to="/dashboard" variant="outlined" startIcon={<ArrowBackIcon />}>
          Back to Dashboard
        </Button>
      </Box>
      <Overview />
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            Latest changes
          </Typography>
          {isPending ? (
            <Typography variant="body2">Loading…</Typography>
          ) : (
            <List dense disablePadding>
              {data.map((row) => (
                <ListItem key={row.id} disablePadding>
                  <ListItemButton component={Link} to={`/admin/events/${row.id}/show`}>
                    <ListItemText primary={sentence(row)} secondary={new Date(row.occurredAt).toLocaleString()} />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          )}
          <Button component={Link} to="/admin/events">
            Open the audit log
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
}
