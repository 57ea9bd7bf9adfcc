// Issue 33, the dashboard's side of routing: the editor's Routing tab on a dynamic code. Rules (first match wins; each
// with country, device, OS, language, from/until, weekdays and hours in a time zone, and a destination), a split whose
// weights must add up to 100 (said before saving), limits (max scans, validity, the address after the limit). Saved by
// PUT /api/dynamic-qrcodes/{id}/routing with If-Match as the editor's other saves (a stale one says so and offers a
// reload); the server's field errors are shown on their fields. 'Test a scan' asks POST .../simulate, the redirect's
// own decision, what a scan would answer with the saved routing.
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Divider,
  IconButton,
  Paper,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useEffect, useState, type ReactNode } from 'react';
import { apiJson, serverMessage } from '../../api/http';
import { toast } from '../../ui/toast';
import { fieldErrors } from './code-edit';
import { failureStatus } from './code-text';
import {
  AGENT_PRESETS,
  DEVICES,
  draftOfRouting,
  emptyArm,
  emptyRule,
  errorAt,
  fromLocalInput,
  MAX_ARMS,
  MAX_RULES,
  moved,
  OSES,
  routingBody,
  splitProblem,
  WEEKDAYS,
  type ArmDraft,
  type RoutingAnswer,
  type RoutingDraft,
  type RuleDraft,
  type SimulateAnswer,
  type SimulateBody,
} from './routing-form';
import { StaleEditAlert } from './StaleEditAlert';
import { UtmBuilder } from './UtmBuilder';

const SAVE_FAILED = 'There was a problem saving the routing.';
// A picker's buttons wrap on a phone: each keeps its own border, so a wrapped row does not look cut off.
const WRAPPING_GROUP = {
  flexWrap: 'wrap',
  gap: 0.5,
  '& .MuiToggleButtonGroup-grouped, & .MuiToggleButtonGroup-grouped:not(:first-of-type)': {
    border: 1,
    borderColor: 'divider',
    borderRadius: 1,
    ml: 0,
  },
  '& .MuiToggleButtonGroup-grouped.Mui-selected': { borderColor: 'primary.main' },
} as const;
const routingPath = (id: string) => `/api/dynamic-qrcodes/${encodeURIComponent(id)}/routing`;

interface Props {
  codeId: string;
  /** The code's version after a routing save (the routing and the code share one ETag). */
  onVersion: (version: number) => void;
}

export function RoutingPanel({ codeId, onVersion }: Props) {
  const [loaded, setLoaded] = useState<{ version: number; draft: RoutingDraft } | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    apiJson<RoutingAnswer>('GET', routingPath(codeId)).then(
      (answer) => {
        if (!live) return;
        setLoaded({ version: answer.version, draft: draftOfRouting(answer) });
      },
      (error: unknown) => {
        console.error(error);
        if (live) setLoadError(true);
      },
    );
    return () => {
      live = false;
    };
  }, [codeId, attempt]);

  if (loadError) return <Alert severity="error">The routing could not be loaded.</Alert>;
  if (!loaded) return <CircularProgress aria-label="Loading the routing" />;
  return (
    // Inside the editor's form: Enter in a routing field must not save the content.
    <Stack
      spacing={3}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && event.target instanceof HTMLInputElement) event.preventDefault();
      }}
    >
      <RoutingForm
        key={`${loaded.version}-${attempt}`}
        codeId={codeId}
        version={loaded.version}
        start={loaded.draft}
        onSaved={(version) => onVersion(version)}
        onReload={() => {
          setLoaded(null);
          setAttempt((n) => n + 1);
        }}
      />
      <Divider />
      <TestScan codeId={codeId} />
    </Stack>
  );
}

interface FormProps {
  codeId: string;
  version: number;
  start: RoutingDraft;
  onSaved: (version: number) => void;
  onReload: () => void;
}

function RoutingForm({ codeId, version: startVersion, start, onSaved, onReload }: FormProps) {
  const [draft, setDraft] = useState<RoutingDraft>(start);
  const [version, setVersion] = useState(startVersion);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [checked, setChecked] = useState(false);
  const [stale, setStale] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const problem = splitProblem(draft.split);

  const change = (patch: Partial<RoutingDraft>, field?: string) => {
    setDraft((current) => ({ ...current, ...patch }));
    if (field)
      setErrors((current) =>
        Object.fromEntries(Object.entries(current).filter(([name]) => name !== field && !name.startsWith(`${field}.`))),
      );
  };
  const setRule = (index: number, patch: Partial<RuleDraft>, field: string) =>
    change({ rules: draft.rules.map((rule, i) => (i === index ? { ...rule, ...patch } : rule)) }, `rules.${index}.${field}`);
  const setArm = (index: number, patch: Partial<ArmDraft>, field: string) => {
    change({ split: draft.split.map((arm, i) => (i === index ? { ...arm, ...patch } : arm)) }, `split.${index}.${field}`);
    if (field === 'weight') setErrors((current) => Object.fromEntries(Object.entries(current).filter(([name]) => name !== 'split')));
  };
  // Moving or removing a rule renumbers the server's messages: they are dropped until the next save.
  const reshapeRules = (rules: RuleDraft[]) => {
    setDraft((current) => ({ ...current, rules }));
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([name]) => !name.startsWith('rules.'))));
  };
  const reshapeSplit = (split: ArmDraft[]) => {
    setDraft((current) => ({ ...current, split }));
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([name]) => !name.startsWith('split'))));
  };

  const save = async () => {
    if (busy) return;
    setChecked(true);
    setFailure(null);
    if (problem) return;
    setBusy(true);
    try {
      const answer = await apiJson<RoutingAnswer>('PUT', routingPath(codeId), routingBody(draft), { 'If-Match': `"${version}"` });
      setVersion(answer.version);
      setErrors({});
      onSaved(answer.version);
      toast({ title: 'Routing saved', description: 'It applies from the next scan.' });
    } catch (error) {
      const status = failureStatus(error);
      if (status === 409 || status === 412) {
        setStale(true);
      } else if (status === 400) {
        setErrors(fieldErrors(error));
        setFailure(serverMessage(error, SAVE_FAILED));
      } else {
        console.error('Routing save failed', error);
        setFailure(SAVE_FAILED);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={2} component="section" aria-labelledby="routing-rules-title">
      {stale && <StaleEditAlert testId="routing-stale" onReload={onReload} />}
      {failure && (
        <Alert severity="error" data-testid="routing-error">
          {failure}
        </Alert>
      )}
      <Box>
        <Typography id="routing-rules-title" variant="h6" component="h3">
          Rules
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Each scan goes to the first rule whose conditions all match (a condition matches any of its values). Leave a condition empty to
          ignore it.
        </Typography>
      </Box>
      {draft.rules.map((rule, index) => (
        <RuleCard
          key={rule.key}
          rule={rule}
          index={index}
          count={draft.rules.length}
          errors={errors}
          onChange={(patch, field) => setRule(index, patch, field)}
          onMove={(by) => reshapeRules(moved(draft.rules, index, by))}
          onRemove={() => reshapeRules(draft.rules.filter((_, i) => i !== index))}
        />
      ))}
      <Box>
        <Button
          startIcon={<AddIcon />}
          variant="outlined"
          disabled={draft.rules.length >= MAX_RULES}
          onClick={() => reshapeRules([...draft.rules, emptyRule()])}
        >
          Add rule
        </Button>
      </Box>

      <Divider />
      <Box component="section" aria-labelledby="routing-split-title">
        <Typography id="routing-split-title" variant="h6" component="h3">
          Split
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Scans no rule matched are shared between these addresses by weight; a returning visitor keeps their address.
        </Typography>
        <Stack spacing={1.5}>
          {draft.split.map((arm, index) => (
            <Stack key={arm.key} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <TextField
                  label={`Split ${String.fromCharCode(65 + index)} destination`}
                  value={arm.destination}
                  onChange={(event) => setArm(index, { destination: event.target.value }, 'destination')}
                  error={Boolean(errorAt(errors, `split.${index}.destination`))}
                  helperText={errorAt(errors, `split.${index}.destination`)}
                  size="small"
                  fullWidth
                  placeholder="https://"
                />
                <UtmBuilder
                  label={`Split ${String.fromCharCode(65 + index)} destination`}
                  value={arm.destination}
                  onApply={(destination) => setArm(index, { destination }, 'destination')}
                />
              </Box>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <TextField
                  label={`Split ${String.fromCharCode(65 + index)} weight`}
                  value={arm.weight}
                  onChange={(event) => setArm(index, { weight: event.target.value }, 'weight')}
                  error={Boolean(errorAt(errors, `split.${index}.weight`))}
                  helperText={errorAt(errors, `split.${index}.weight`)}
                  size="small"
                  sx={{ width: 120 }}
                  slotProps={{ htmlInput: { inputMode: 'numeric' }, input: { endAdornment: '%' } }}
                />
                <IconButton
                  aria-label={`Remove split ${String.fromCharCode(65 + index)}`}
                  onClick={() => reshapeSplit(draft.split.filter((_, i) => i !== index))}
                >
                  <DeleteIcon />
                </IconButton>
              </Stack>
            </Stack>
          ))}
          {(problem || errors.split) && (
            <Alert severity={checked || errors.split ? 'error' : 'info'} data-testid="split-sum" role="status">
              {problem ?? errors.split}
            </Alert>
          )}
          <Box>
            <Button
              startIcon={<AddIcon />}
              variant="outlined"
              disabled={draft.split.length >= MAX_ARMS}
              onClick={() => reshapeSplit([...draft.split, emptyArm(draft.split.length === 0 ? '100' : '0')])}
            >
              Add split address
            </Button>
          </Box>
        </Stack>
      </Box>

      <Divider />
      <Box component="section" aria-labelledby="routing-limits-title">
        <Typography id="routing-limits-title" variant="h6" component="h3">
          Limits
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Only scans by people count toward the maximum; bots and link previews never use it up.
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField
            label="Max scans"
            value={draft.maxScans}
            onChange={(event) => change({ maxScans: event.target.value }, 'limits.maxScans')}
            error={Boolean(errorAt(errors, 'limits.maxScans'))}
            helperText={errorAt(errors, 'limits.maxScans')}
            size="small"
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <Box sx={{ minWidth: 0 }}>
            <TextField
              label="After the limit, send to"
              value={draft.afterLimit}
              onChange={(event) => change({ afterLimit: event.target.value }, 'limits.afterLimit')}
              error={Boolean(errorAt(errors, 'limits.afterLimit'))}
              helperText={errorAt(errors, 'limits.afterLimit') ?? 'Left blank: a page saying the code is no longer active'}
              size="small"
              fullWidth
              placeholder="https://"
            />
            <UtmBuilder
              label="After the limit, send to"
              value={draft.afterLimit}
              onApply={(afterLimit) => change({ afterLimit }, 'limits.afterLimit')}
            />
          </Box>
          <DateTimeField
            label="Valid from"
            value={draft.validFrom}
            onChange={(value) => change({ validFrom: value }, 'limits.validFrom')}
            error={errorAt(errors, 'limits.validFrom')}
          />
          <DateTimeField
            label="Valid until"
            value={draft.validUntil}
            onChange={(value) => change({ validUntil: value }, 'limits.validUntil')}
            error={errorAt(errors, 'limits.validUntil')}
          />
        </Box>
      </Box>
      <Box>
        <Button variant="contained" onClick={() => void save()} disabled={busy}>
          {busy ? 'Saving...' : 'Save routing'}
        </Button>
      </Box>
    </Stack>
  );
}

interface RuleProps {
  rule: RuleDraft;
  index: number;
  count: number;
  errors: Record<string, string>;
  onChange: (patch: Partial<RuleDraft>, field: string) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

function RuleCard({ rule, index, count, errors, onChange, onMove, onRemove }: RuleProps) {
  const n = index + 1;
  const at = (field: string) => errorAt(errors, `rules.${index}.${field}`);
  return (
    <Paper variant="outlined" component="fieldset" aria-label={`Rule ${n}`} sx={{ p: 2, m: 0, minWidth: 0 }} data-testid={`rule-${n}`}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography component="legend" sx={{ fontWeight: 700, float: 'left', p: 0 }}>
          Rule {n}
        </Typography>
        <Box>
          <IconButton aria-label={`Move rule ${n} up`} disabled={index === 0} onClick={() => onMove(-1)} size="small">
            <ArrowUpwardIcon />
          </IconButton>
          <IconButton aria-label={`Move rule ${n} down`} disabled={index === count - 1} onClick={() => onMove(1)} size="small">
            <ArrowDownwardIcon />
          </IconButton>
          <IconButton aria-label={`Remove rule ${n}`} onClick={onRemove} size="small">
            <DeleteIcon />
          </IconButton>
        </Box>
      </Stack>
      <Stack spacing={2} sx={{ clear: 'both' }}>
        <Picker label={`Rule ${n} devices`} caption="Devices" error={at('when.device')}>
          <ToggleButtonGroup
            size="small"
            value={rule.devices}
            onChange={(_, devices: RuleDraft['devices']) => onChange({ devices }, 'when.device')}
            aria-label={`Rule ${n} devices`}
            sx={WRAPPING_GROUP}
          >
            {DEVICES.map(([value, label]) => (
              <ToggleButton key={value} value={value}>
                {label}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Picker>
        <Picker label={`Rule ${n} operating systems`} caption="Operating systems" error={at('when.os')}>
          <ToggleButtonGroup
            size="small"
            value={rule.os}
            onChange={(_, os: RuleDraft['os']) => onChange({ os }, 'when.os')}
            aria-label={`Rule ${n} operating systems`}
            sx={WRAPPING_GROUP}
          >
            {OSES.map((value) => (
              <ToggleButton key={value} value={value} sx={{ textTransform: 'none' }}>
                {value}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Picker>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField
            label="Countries"
            value={rule.countries}
            onChange={(event) => onChange({ countries: event.target.value }, 'when.country')}
            error={Boolean(at('when.country'))}
            helperText={at('when.country') ?? 'Two-letter codes, such as DE, AT'}
            size="small"
          />
          <TextField
            label="Languages"
            value={rule.languages}
            onChange={(event) => onChange({ languages: event.target.value }, 'when.language')}
            error={Boolean(at('when.language'))}
            helperText={at('when.language') ?? 'Language tags, such as de, fr-CA'}
            size="small"
          />
          <DateTimeField label="From" value={rule.from} onChange={(from) => onChange({ from }, 'when.from')} error={at('when.from')} />
          <DateTimeField
            label="Until"
            value={rule.until}
            onChange={(until) => onChange({ until }, 'when.until')}
            error={at('when.until')}
          />
        </Box>
        <Picker label={`Rule ${n} weekdays`} caption="Weekdays" error={at('when.weekdays')}>
          <ToggleButtonGroup
            size="small"
            value={rule.weekdays}
            onChange={(_, weekdays: number[]) => onChange({ weekdays }, 'when.weekdays')}
            aria-label={`Rule ${n} weekdays`}
            sx={WRAPPING_GROUP}
          >
            {WEEKDAYS.map(([value, label]) => (
              <ToggleButton key={value} value={value} sx={{ textTransform: 'none' }}>
                {label}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Picker>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', sm: '1fr 1fr 2fr' } }}>
          <TextField
            label="Hours from"
            type="time"
            value={rule.hoursFrom}
            onChange={(event) => onChange({ hoursFrom: event.target.value }, 'when.hours')}
            error={Boolean(at('when.hours'))}
            helperText={at('when.hours')}
            size="small"
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            label="Hours to"
            type="time"
            value={rule.hoursTo}
            onChange={(event) => onChange({ hoursTo: event.target.value }, 'when.hours')}
            size="small"
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            label="Time zone"
            value={rule.timeZone}
            onChange={(event) => onChange({ timeZone: event.target.value }, 'when.timeZone')}
            error={Boolean(at('when.timeZone'))}
            helperText={at('when.timeZone') ?? 'For weekdays and hours, such as Europe/Berlin'}
            size="small"
            sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
          />
        </Box>
        <TextField
          label={`Rule ${n} destination`}
          value={rule.destination}
          onChange={(event) => onChange({ destination: event.target.value }, 'destination')}
          error={Boolean(at('destination'))}
          helperText={at('destination')}
          size="small"
          fullWidth
          placeholder="https://"
        />
        <UtmBuilder
          label={`Rule ${n} destination`}
          value={rule.destination}
          onApply={(destination) => onChange({ destination }, 'destination')}
        />
      </Stack>
    </Paper>
  );
}

function Picker({ label, caption, error, children }: { label: string; caption: string; error?: string; children: ReactNode }) {
  return (
    <Box role="group" aria-label={label}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {caption}
      </Typography>
      {children}
      {error && (
        <Typography variant="caption" color="error" component="p" sx={{ mt: 0.5 }}>
          {error}
        </Typography>
      )}
    </Box>
  );
}

function DateTimeField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  return (
    <TextField
      label={label}
      type="datetime-local"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error}
      size="small"
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}

/** 'Test a scan': what the redirect would answer a scan with these facts, by the saved routing. */
function TestScan({ codeId }: { codeId: string }) {
  const [userAgent, setUserAgent] = useState(AGENT_PRESETS[0][1]);
  const [country, setCountry] = useState('');
  const [language, setLanguage] = useState('');
  const [at, setAt] = useState('');
  const [answer, setAnswer] = useState<SimulateAnswer | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async () => {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const body: SimulateBody = { userAgent, language, ...(country.trim() ? { country: country.trim() } : {}) };
      const when = fromLocalInput(at);
      if (when) body.at = when;
      setAnswer(await apiJson<SimulateAnswer>('POST', `/api/dynamic-qrcodes/${encodeURIComponent(codeId)}/simulate`, body));
    } catch (error) {
      setAnswer(null);
      setFailure(serverMessage(error, 'The test scan could not be run.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={2} component="section" aria-labelledby="test-scan-title">
      <Box>
        <Typography id="test-scan-title" variant="h6" component="h3">
          Test a scan
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Where a scan would go with the saved routing. Nothing is recorded.
        </Typography>
      </Box>
      <Box role="group" aria-label="User agent presets" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {AGENT_PRESETS.map(([label, agent]) => (
          <Button key={label} size="small" variant={userAgent === agent ? 'contained' : 'outlined'} onClick={() => setUserAgent(agent)}>
            {label}
          </Button>
        ))}
      </Box>
      <TextField label="User agent" value={userAgent} onChange={(event) => setUserAgent(event.target.value)} size="small" fullWidth />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField label="Country" value={country} onChange={(event) => setCountry(event.target.value)} size="small" placeholder="DE" />
        <TextField
          label="Language"
          value={language}
          onChange={(event) => setLanguage(event.target.value)}
          size="small"
          placeholder="de-DE,de;q=0.9"
        />
        <TextField
          label="Time"
          type="datetime-local"
          value={at}
          onChange={(event) => setAt(event.target.value)}
          size="small"
          helperText="Left blank: now"
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Box>
      <Box>
        <Button variant="outlined" onClick={() => void run()} disabled={busy}>
          {busy ? 'Testing...' : 'Run test scan'}
        </Button>
      </Box>
      {failure && <Alert severity="error">{failure}</Alert>}
      {answer && (
        <Alert severity="info" data-testid="test-scan-answer" role="status" sx={{ '& .MuiAlert-message': { minWidth: 0 } }}>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            <strong>Destination:</strong> {answer.destination ?? 'the “no longer active” page'}
          </Typography>
          <Typography variant="body2">
            <strong>Matched:</strong> {answer.matched}
          </Typography>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {answer.explanation}
          </Typography>
        </Alert>
      )}
    </Stack>
  );
}
