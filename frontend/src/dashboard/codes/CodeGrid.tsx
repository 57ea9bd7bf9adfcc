// The cards of the current list page (react-admin's list context) and what their actions do. Pause, resume, delete,
// rename and destination changes go through the data provider's spec calls; their failures leave the view as it
// was and are only logged (core spec sections 4 and 8). Duplicating a dynamic code respects the plan's limit: the
// 'Dynamic QR Code limit reached' toast and no request when canCreateDynamicQR is false.
import { Box, LinearProgress } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useDataProvider, useListContext, useRefresh } from 'react-admin';
import { queryClient, serverMessage } from '../../api/http';
import { toast } from '../../ui/toast';
import type { DashboardCode, DashboardDataProvider } from '../data-provider';
import { dynamicLimitMessage, TRIAL_STATUS_KEY, useTrialStatus } from '../../ui/trial-status';
import { CodeCard, type CodeAction } from './CodeCard';
import { BulkReportAlert, CodeBulkToolbar, type BulkReport } from './BulkCodeActions';
import { DeleteDialog, DestinationDialog, PreviewDialog, RenameDialog } from './CodeDialogs';
import { CodePasswordDialog, removeCodePassword } from './CodePasswordDialog';
import { loadFrameFont, needsFrameFont } from './code-render';
import { codeTitle, failureStatus } from './code-text';

type Dialog = 'preview' | 'delete' | 'destination' | 'rename' | 'password';

function useFrameFont(codes: readonly DashboardCode[]): boolean {
  const needed = needsFrameFont(codes);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!needed || ready) return;
    loadFrameFont().then(
      () => setReady(true),
      (error: unknown) => console.error(error),
    );
  }, [needed, ready]);
  return ready;
}

export function CodeGrid() {
  const { data, isPending, selectedIds, onToggleItem } = useListContext<DashboardCode>();
  const [report, setReport] = useState<BulkReport | null>(null);
  const codes = data ?? [];
  const dataProvider = useDataProvider<DashboardDataProvider>();
  const refresh = useRefresh();
  const trial = useTrialStatus();
  const fontReady = useFrameFont(codes);
  const [open, setOpen] = useState<{ dialog: Dialog; code: DashboardCode } | null>(null);
  const [busy, setBusy] = useState(false);

  const changed = useCallback(() => {
    refresh();
    void queryClient.invalidateQueries({ queryKey: TRIAL_STATUS_KEY });
  }, [refresh]);

  const run = useCallback(
    async (what: string, step: () => Promise<unknown>) => {
      setBusy(true);
      try {
        await step();
        changed();
      } catch (error) {
        console.error(`${what} failed`, error);
      } finally {
        setBusy(false);
      }
    },
    [changed],
  );

  const duplicate = useCallback(
    async (code: DashboardCode) => {
      if (code.qrMode === 'dynamic' && trial && !trial.canCreateDynamicQR) {
        toast({
          title: 'Dynamic QR Code limit reached',
          description: dynamicLimitMessage(trial.dynamicQRLimit ?? 0),
          variant: 'destructive',
        });
        return;
      }
      setBusy(true);
      try {
        await dataProvider.duplicate(code, `Copy of ${codeTitle(code)}`.slice(0, 100));
        toast({
          title: code.qrMode === 'dynamic' ? 'Dynamic QR Code saved' : 'QR Code saved',
          description: 'A copy was added to your codes.',
        });
        changed();
      } catch (error) {
        if (failureStatus(error) === 403) {
          const fallback = dynamicLimitMessage(trial?.dynamicQRLimit ?? 0);
          toast({ title: 'Dynamic QR Code limit reached', description: serverMessage(error, fallback), variant: 'destructive' });
        } else {
          // A refusal with a reason (400: a blocked domain) says it; anything else, the spec's text.
          const fallback = 'There was a problem saving your QR code.';
          const description = failureStatus(error) === 400 ? serverMessage(error, fallback) : fallback;
          toast({ title: 'Error', description, variant: 'destructive' });
        }
      } finally {
        setBusy(false);
      }
    },
    [changed, dataProvider, trial],
  );

  const onAction = useCallback(
    (action: CodeAction, code: DashboardCode) => {
      switch (action) {
        case 'pause':
          void run('Pause', () => dataProvider.pause(code));
          break;
        case 'resume':
          void run('Resume', () => dataProvider.resume(code));
          break;
        case 'removePassword':
          void run('Remove password', () => removeCodePassword(code));
          break;
        case 'duplicate':
          void duplicate(code);
          break;
        default:
          setOpen({ dialog: action, code });
      }
    },
    [dataProvider, duplicate, run],
  );

  const dialog = (name: Dialog) => (open?.dialog === name ? open.code : null);
  const close = () => setOpen(null);

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <CodeBulkToolbar onReport={setReport} />
      <BulkReportAlert report={report} onClose={() => setReport(null)} />
      {(busy || isPending) && <LinearProgress aria-label="Working" sx={{ mb: 1 }} />}
      <Box
        data-testid="code-grid"
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        {codes.map((code) => (
          <CodeCard
            key={code.id}
            code={code}
            fontReady={fontReady}
            onAction={onAction}
            selected={selectedIds.includes(code.id)}
            onToggle={onToggleItem}
          />
        ))}
      </Box>
      <PreviewDialog code={dialog('preview')} onClose={close} />
      <DeleteDialog code={dialog('delete')} onClose={close} onDeleted={changed} />
      <DestinationDialog code={dialog('destination')} onClose={close} onSaved={changed} />
      <RenameDialog code={dialog('rename')} onClose={close} onSaved={changed} />
      <CodePasswordDialog
        code={dialog('password')}
        onClose={close}
        onSaved={() => {
          close();
          changed();
        }}
      />
    </Box>
  );
}
