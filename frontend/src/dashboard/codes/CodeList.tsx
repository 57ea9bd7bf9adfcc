// Active Codes: every static code and every dynamic code that is not paused, newest first, as cards (core spec
// section 2), from GET /api/dashboard/codes with a text search and type/mode filters. New users read 'No QR codes
// yet'. Paused Codes: the paused dynamic codes, with Back to Active.
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useMemo } from 'react';
import { FilterButton, List, Pagination, SearchInput, SelectInput, TopToolbar } from 'react-admin';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useUser } from '../../api/http';
import { TrialCard } from '../../ui/TrialCard';
import { QR_TYPES } from '../../ui/qr-types';
import { usePageTitle } from '../../ui/usePageTitle';
import { CODES } from '../data-provider';
import { CodeGrid } from './CodeGrid';
import { typeLabel } from './code-text';
import { useOwnerTags } from './tags';

const baseFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search your codes" aria-label="Search your codes" />,
  <SelectInput
    key="mode"
    source="mode"
    label="Static or dynamic"
    choices={[
      { id: 'static', name: 'Static' },
      { id: 'dynamic', name: 'Dynamic' },
    ]}
  />,
  <SelectInput key="qrType" source="qrType" label="Type" choices={QR_TYPES.map((type) => ({ id: type, name: typeLabel(type) }))} />,
];

/** The list's filters, with a tag filter (issue 35) offering the owner's tags once they have some. */
function useFilters() {
  const tags = useOwnerTags();
  return useMemo(
    () => [
      ...baseFilters,
      <SelectInput
        key="tag"
        source="tag"
        label="Tag"
        choices={tags.map(({ tag, count }) => ({ id: tag, name: `${tag} (${count})` }))}
        data-testid="tag-filter"
      />,
    ],
    [tags],
  );
}

const fresh = { staleTime: 0, refetchOnMount: 'always' } as const;
const pagination = <Pagination rowsPerPageOptions={[12, 24, 48]} />;

function CreateButton() {
  return (
    <Button component={RouterLink} to="/dashboard/create" variant="contained" startIcon={<AddIcon />} size="small">
      Create
    </Button>
  );
}

function ListActions() {
  return (
    <TopToolbar>
      <FilterButton />
      <CreateButton />
    </TopToolbar>
  );
}

function NoCodes() {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 6 }, mt: 2, textAlign: 'center' }} data-testid="no-codes">
      <QrCode2Icon sx={{ fontSize: 64, color: 'text.secondary' }} />
      <Typography variant="h5" component="h2" sx={{ fontWeight: 700, mt: 1 }}>
        No QR codes yet
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        Create your first code: static codes for anything printed once, dynamic codes you can edit and pause after printing.
      </Typography>
      <CreateButton />
    </Paper>
  );
}

function Greeting() {
  const { user } = useUser();
  const name = user?.firstName || user?.username || '';
  // Right after registration the auth page says so: a new account is welcomed, not welcomed back (core spec).
  const newUser = Boolean((useLocation().state as { newUser?: boolean } | null)?.newUser);
  return (
    <Box sx={{ mt: 2 }} data-testid="dashboard-entry">
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, wordBreak: 'break-word', fontSize: { xs: '1.5rem', sm: '2.125rem' } }}>
        {newUser ? `Welcome${name ? `, ${name}` : ''}!` : `Welcome back${name ? `, ${name}` : ''}`}
      </Typography>
      <Typography color="text.secondary">Your QR codes, newest first. Pause, edit or delete them here.</Typography>
    </Box>
  );
}

export function CodeList() {
  usePageTitle('Dashboard - QR Code Sharks');
  const filters = useFilters();
  return (
    <Box>
      <Greeting />
      <List
        resource={CODES}
        title="Active Codes"
        filter={{ paused: false }}
        filters={filters}
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={12}
        actions={<ListActions />}
        empty={<NoCodes />}
        pagination={pagination}
        queryOptions={fresh}
        storeKey="active-codes"
      >
        <CodeGrid />
      </List>
      <Box sx={{ my: 3 }}>
        <TrialCard />
      </Box>
    </Box>
  );
}

function PausedActions() {
  return (
    <TopToolbar>
      <Button component={RouterLink} to="/dashboard/codes" variant="outlined" startIcon={<ArrowBackIcon />} size="small">
        Back to Active
      </Button>
    </TopToolbar>
  );
}

function NoPausedCodes() {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 6 }, mt: 2, textAlign: 'center' }} data-testid="no-paused-codes">
      <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
        No paused codes
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        Pause a dynamic code to stop it redirecting; resume it here whenever you like.
      </Typography>
      <Button component={RouterLink} to="/dashboard/codes" variant="outlined" startIcon={<ArrowBackIcon />}>
        Back to Active
      </Button>
    </Paper>
  );
}

export function PausedCodeList() {
  usePageTitle('Paused Codes - QR Code Sharks');
  return (
    <Stack>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mt: 2 }}>
        Paused Codes
      </Typography>
      <List
        resource={CODES}
        title="Paused Codes"
        filter={{ paused: true }}
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={12}
        actions={<PausedActions />}
        empty={<NoPausedCodes />}
        pagination={pagination}
        queryOptions={fresh}
        storeKey="paused-codes"
      >
        <CodeGrid />
      </List>
    </Stack>
  );
}
