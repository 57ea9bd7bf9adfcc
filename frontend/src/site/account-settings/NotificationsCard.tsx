import { Card, CardContent, FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiJson, queryClient, serverMessage } from '../../api/http';
import type { ApiAnswer } from '../../api/types';
import { toast } from '../../ui/toast';

type Preferences = ApiAnswer<'/api/account/notification-preferences'>;

const KEY = ['/api/account/notification-preferences'] as const;

/** Owners' opt-outs of the staff's scan and pause notifications (issue 22): opted-out owners are skipped. */
export function NotificationsCard() {
  const { data } = useQuery({ queryKey: KEY, queryFn: () => apiJson<Preferences>('GET', KEY[0]) });
  const save = useMutation({
    mutationFn: (next: Preferences) => apiJson<Preferences>('PUT', KEY[0], next),
    onSuccess: (saved) => queryClient.setQueryData(KEY, saved),
    onError: (error) =>
      toast({ title: 'Error', description: serverMessage(error, 'Your notification settings were not saved.'), variant: 'destructive' }),
  });
  const current = save.isPending && save.variables ? save.variables : data;
  const toggle = (field: keyof Preferences) => (_: unknown, checked: boolean) => {
    if (current) save.mutate({ ...current, [field]: checked });
  };
  return (
    <Card variant="outlined" sx={{ mb: 4 }} component="section" aria-labelledby="notifications">
      <CardContent>
        <Typography id="notifications" variant="h6" component="h2" gutterBottom>
          Email notifications
        </Typography>
        <Stack spacing={1.5}>
          <FormControlLabel
            control={<Switch checked={current?.scanNotifications ?? true} disabled={!current} onChange={toggle('scanNotifications')} />}
            label="Weekly scan report of my dynamic QR codes"
          />
          <FormControlLabel
            control={<Switch checked={current?.pauseNotifications ?? true} disabled={!current} onChange={toggle('pauseNotifications')} />}
            label="Reminders about my paused QR codes"
          />
        </Stack>
      </CardContent>
    </Card>
  );
}
