// One code as a card: the code drawn by qr-core (as the download), its type, name or destination, scans for dynamic
// codes and the date it was made; the actions the spec offers (preview, edit destination, pause/resume for dynamic
// codes only, delete) and the ones every QR SaaS user expects (rename, duplicate, password). Cards lead on (issue 30
// item 2): a dynamic code's short link with a copy button, its scan count a link to its analytics, Analytics in the menu.
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import LockIcon from '@mui/icons-material/LockOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import PaymentsIcon from '@mui/icons-material/Payments';
import VisibilityIcon from '@mui/icons-material/Visibility';
import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  IconButton,
  Link,
  Menu,
  MenuItem,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { memo, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { DashboardCode } from '../data-provider';
import { toast } from '../../ui/toast';
import { SellerChip } from '../payments/SellerChip';
import { renderCodeSvg } from './code-render';
import { codeTitle, createdOn, typeLabel } from './code-text';
import { svgDataUri } from './files';
import { counted } from '../../ui/words';
import { TagChips } from './tags';

const scans = (count: number) => counted('scan', count);

export type CodeAction = 'preview' | 'destination' | 'pause' | 'resume' | 'rename' | 'duplicate' | 'password' | 'removePassword' | 'delete';

interface CodeCardProps {
  code: DashboardCode;
  /** Frame font loaded (framed codes are drawn once it is). */
  fontReady: boolean;
  onAction: (action: CodeAction, code: DashboardCode) => void;
  /** Chosen for a bulk action (issue 35): react-admin's list selection. */
  selected: boolean;
  onToggle: (id: string) => void;
}

function CodeImage({ code, fontReady }: { code: DashboardCode; fontReady: boolean }) {
  const svg = useMemo(() => (code.enableFrame && !fontReady ? null : renderCodeSvg(code)), [code, fontReady]);
  return (
    <Box
      sx={{ width: { xs: 88, sm: 104 }, flexShrink: 0, aspectRatio: '1 / 1', bgcolor: svg ? 'transparent' : 'grey.200', borderRadius: 1 }}
    >
      {svg && (
        <Box
          component="img"
          data-testid="code-image"
          src={svgDataUri(svg)}
          alt={`${typeLabel(code.qrType)} QR code`}
          sx={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
        />
      )}
    </Box>
  );
}

/** The code's analytics page (issue 17), where the scan count and the menu's Analytics lead. */
export const analyticsPath = (id: string) => `/dashboard/analytics/${id}`;

/** The full short URL a dynamic code encodes (the server's `link`, on the tenant's own origin). */
const shortUrl = (code: DashboardCode) => code.link ?? `${window.location.origin}/d/${code.shortCode ?? ''}`;

async function copyShortLink(url: string): Promise<void> {
  try {
    if (!navigator.clipboard) throw new Error('The clipboard is not available on this page');
    await navigator.clipboard.writeText(url);
    toast({ title: 'Copied', description: `${url} is on your clipboard.` });
  } catch (error) {
    console.error(error);
    toast({ title: 'Copy failed', description: `Select the link and copy it: ${url}`, variant: 'destructive' });
  }
}

function ShortLink({ code, title }: { code: DashboardCode; title: string }) {
  const url = shortUrl(code);
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5, minWidth: 0 }}>
      <Typography variant="body2" data-testid="short-link" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', minWidth: 0 }}>
        {url.replace(/^https?:\/\//, '')}
      </Typography>
      {/* No hover tooltip: after a tap it stayed over the toast, where axe measured it unreadable (phone). */}
      <IconButton size="small" aria-label={`Copy short link of ${title}`} onClick={() => void copyShortLink(url)}>
        <ContentCopyIcon fontSize="small" />
      </IconButton>
    </Stack>
  );
}

export const CodeCard = memo(function CodeCard({ code, fontReady, onAction, selected, onToggle }: CodeCardProps) {
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const dynamic = code.qrMode === 'dynamic';
  const title = codeTitle(code);
  const act = (action: CodeAction) => () => {
    setMenu(null);
    onAction(action, code);
  };
  return (
    <Card
      variant="outlined"
      component="article"
      aria-label={title}
      data-testid="code-card"
      data-code-id={code.id}
      data-mode={code.qrMode}
      data-short-code={code.shortCode}
      data-selected={selected}
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', ...(selected ? { borderColor: 'primary.main' } : {}) }}
    >
      <CardContent sx={{ display: 'flex', gap: 2, flexGrow: 1, pb: 1 }}>
        <CodeImage code={code} fontReady={fontReady} />
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Stack direction="row" sx={{ gap: 1, alignItems: 'flex-start' }}>
            {/* Native: MUI's Checkbox would split out of the generator's chunk into one the landing page loads (its budget). */}
            <Box
              component="input"
              type="checkbox"
              checked={selected}
              onChange={() => onToggle(code.id)}
              aria-label={`Select ${title}`}
              sx={{
                width: 20,
                height: 20,
                m: 0,
                mr: 0.5,
                flexShrink: 0,
                cursor: 'pointer',
                accentColor: (theme) => theme.palette.primary.main,
              }}
            />
            <Typography
              variant="subtitle1"
              component="h3"
              data-testid="code-title"
              sx={{
                fontWeight: 700,
                lineHeight: 1.3,
                overflowWrap: 'anywhere',
                display: '-webkit-box',
                WebkitLineClamp: 2,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
              }}
            >
              {title}
            </Typography>
          </Stack>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, my: 0.75 }}>
            <Chip size="small" label={typeLabel(code.qrType)} />
            <Chip size="small" variant="outlined" label={dynamic ? 'Dynamic' : 'Static'} />
            {code.isPaused && <Chip size="small" color="warning" label="Paused" />}
            {code.isSuspended && <Chip size="small" color="error" label="Suspended" data-testid="code-suspended" />}
            {code.qrType === 'payment' && <SellerChip />}
            {code.hasPassword && (
              <Chip size="small" color="warning" icon={<LockIcon />} label="Password protected" data-testid="code-lock" />
            )}
          </Stack>
          <TagChips tags={code.tags} />
          {dynamic && code.shortCode && <ShortLink code={code} title={title} />}
          <Typography variant="body2" color="text.secondary">
            {dynamic && (
              <>
                <Link
                  component={RouterLink}
                  to={analyticsPath(code.id)}
                  data-testid="scan-count"
                  aria-label={`${scans(code.scanCount ?? 0)}: analytics of ${title}`}
                >
                  {scans(code.scanCount ?? 0)}
                </Link>
                {' · '}
              </>
            )}
            Created {createdOn(code.createdAt)}
          </Typography>
          {code.isSuspended && (
            <Typography variant="body2" color="error" data-testid="suspension-reason">
              Suspended by our staff: {code.suspensionReason}. Its link shows a disabled page; contact support.
            </Typography>
          )}
          {dynamic && code.destination && (
            <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }} data-testid="code-destination">
              → {code.destination}
            </Typography>
          )}
        </Box>
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 0.5, px: 2, pb: 1.5 }}>
        <Button size="small" startIcon={<VisibilityIcon />} onClick={act('preview')}>
          Preview
        </Button>
        {dynamic && code.destination && (
          <Button size="small" startIcon={<EditIcon />} onClick={act('destination')}>
            Edit destination
          </Button>
        )}
        {dynamic &&
          code.shortCode &&
          (code.isPaused ? (
            <Button size="small" startIcon={<PlayArrowIcon />} onClick={act('resume')} disabled={code.isSuspended}>
              Resume
            </Button>
          ) : (
            <Button size="small" startIcon={<PauseIcon />} onClick={act('pause')}>
              Pause
            </Button>
          ))}
        {code.qrType === 'payment' && (
          <Button size="small" startIcon={<PaymentsIcon />} component={RouterLink} to={`/dashboard/payments?code=${code.id}`}>
            Payments
          </Button>
        )}
        <Box sx={{ flexGrow: 1 }} />
        <Tooltip title="Delete">
          <IconButton size="small" aria-label={`Delete ${title}`} onClick={act('delete')}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <IconButton
          size="small"
          aria-label={`More actions for ${title}`}
          aria-haspopup="menu"
          aria-expanded={Boolean(menu)}
          onClick={(event) => setMenu(event.currentTarget)}
        >
          <MoreVertIcon fontSize="small" />
        </IconButton>
        <Menu anchorEl={menu} open={Boolean(menu)} onClose={() => setMenu(null)}>
          <MenuItem component={RouterLink} to={analyticsPath(code.id)} onClick={() => setMenu(null)}>
            Analytics
          </MenuItem>
          <MenuItem component={RouterLink} to={`/dashboard/codes/${code.id}`} onClick={() => setMenu(null)}>
            {dynamic ? 'Edit content and style' : 'Edit style'}
          </MenuItem>
          <MenuItem onClick={act('rename')}>Rename</MenuItem>
          <MenuItem onClick={act('duplicate')}>Duplicate</MenuItem>
          {dynamic && <MenuItem onClick={act('password')}>{code.hasPassword ? 'Change password' : 'Set password'}</MenuItem>}
          {dynamic && code.hasPassword && <MenuItem onClick={act('removePassword')}>Remove password</MenuItem>}
        </Menu>
      </CardActions>
    </Card>
  );
});
