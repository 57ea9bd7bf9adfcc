import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, Button, Card, CardContent, List, ListItem, ListItemButton, ListItemText, Typography } from '@mui/material';
import { Title, useGetList } from 'react-admin';
import { Link } from 'react-router-dom';
import { sentence, type AuditRow } from './events/EventList';
import { useStaff } from './staff';

/** The console's opening page: the core spec's admin panel heading and Back to Dashboard, and the latest changes. */
export function AdminHome() {
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
