import { Card, CardContent, Link, List, ListItem, ListItemText, Typography } from '@mui/material';
import { codeDisplayName } from '@qrsharks/qr-core/browser';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import type { DashboardCode } from '../dashboard-code';

const LIST = `/api/dashboard/codes?${new URLSearchParams({ sort: JSON.stringify(['createdAt', 'DESC']), range: JSON.stringify([0, 99]) })}`;

/** Every code of the user, each opening its analytics page (the top lists only show three). */
export function CodePicker() {
  const query = useQuery<DashboardCode[]>({ queryKey: [LIST], staleTime: 0 });
  if (!query.data?.length) return null;
  return (
    <Card variant="outlined" component="section" aria-label="Your codes" sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          Your codes
        </Typography>
        <List dense data-testid="analytics-codes">
          {query.data.map((code) => (
            <ListItem key={code.id} disableGutters>
              <ListItemText
                primary={
                  <Link component={RouterLink} to={`/dashboard/analytics/${code.id}`} sx={{ overflowWrap: 'anywhere' }}>
                    {codeDisplayName({ qrType: code.qrType, name: code.name, fields: code.qrData, destination: code.destination })}
                  </Link>
                }
                secondary={code.qrMode === 'dynamic' ? 'Dynamic' : 'Static'}
              />
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
