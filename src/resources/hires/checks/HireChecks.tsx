// The hire's hand-over checks on its page (issue 44): the on-hire and the off-hire check as
// recorded, a button to record each one not yet done for whoever may (the rental company's
// writers; the customer's for the off-hire check when the rental company allows it), what changed
// between them, and the hire's sheet as a PDF with both.
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import { Alert, Button, Card, CardContent, Divider, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { checkKeys } from '../../../dataProvider/checks.ts';
import type { PortalDataProvider } from '../../../dataProvider/dataProvider.ts';
import { CHECK_KINDS, type CheckKind } from '../../../domain/api/checks.ts';
import { endpoints } from '../../../domain/api/endpoints.ts';
import type { Hire } from '../../../domain/api/hires.ts';
import { saveBlob } from '../../../common/saveBlob.ts';
import { useCanCall } from '../../../common/useCanCall.ts';
import { useTimeZone } from '../../../settings/useTimeZone.ts';
import { useOwnHire } from '../HireFields.tsx';
import { CheckDialog } from './CheckDialog.tsx';
import { CheckDifferencesView } from './CheckDifferencesView.tsx';
import { CheckSummary } from './CheckSummary.tsx';

function SheetButton({ hire }: { hire: Hire }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const timeZone = useTimeZone() ?? 'Europe/London';
  const [busy, setBusy] = useState(false);
  return (
    <Button
      startIcon={<PictureAsPdf />}
      disabled={busy}
      onClick={() => {
        setBusy(true);
        dataProvider
          .getHireSheet(hire.id, timeZone)
          .then((blob) => saveBlob(blob, `hire-${hire.contractNumber}.pdf`))
          .catch((error: unknown) =>
            notify(error instanceof Error ? error.message : String(error), { type: 'error' }),
          )
          .finally(() => setBusy(false));
      }}
    >
      {translate('app.checks.sheet')}
    </Button>
  );
}

export function HireChecks({ hire }: { hire: Hire }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const own = useOwnHire(hire);
  const canRecord = useCanCall()('POST', endpoints.portal.hires.checks);
  const [recording, setRecording] = useState<CheckKind | null>(null);
  const { data: checks } = useQuery({
    queryKey: checkKeys.checks(hire.id),
    queryFn: () => dataProvider.getHireChecks(hire.id),
  });
  const done = (kind: CheckKind) => checks?.find((check) => check.kind === kind);
  const bothDone = done('onHire') !== undefined && done('offHire') !== undefined;
  const { data: differences } = useQuery({
    queryKey: checkKeys.differences(hire.id),
    queryFn: () => dataProvider.getCheckDifferences(hire.id),
    enabled: bothDone,
  });
  // A customer is given the checklist only when it may record the off-hire check.
  const wantsTemplate = canRecord && checks !== undefined && (own ? !bothDone : !done('offHire'));
  const template = useQuery({
    queryKey: checkKeys.template(hire.id),
    queryFn: () => dataProvider.getHireCheckTemplate(hire.id),
    enabled: wantsTemplate,
    retry: false,
  });
  const mayRecord = (kind: CheckKind) =>
    wantsTemplate && template.data !== undefined && !done(kind) && (own || kind === 'offHire');

  return (
    <Card variant="outlined" data-testid="hire-checks">
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Stack direction="row" justifyContent="space-between" alignItems="center" flexWrap="wrap">
          <Typography variant="h6">{translate('app.checks.title')}</Typography>
          <SheetButton hire={hire} />
        </Stack>
        {own && template.error ? (
          <Alert severity="info">
            {template.error.message}{' '}
            <RouterLink to="/check-templates">{translate('app.checks.templates_link')}</RouterLink>
          </Alert>
        ) : null}
        {CHECK_KINDS.map((kind) => {
          const check = done(kind);
          return (
            <Stack key={kind} gap={1}>
              <Divider />
              <Typography variant="subtitle1">{translate(`app.checks.kinds.${kind}`)}</Typography>
              {check ? (
                <CheckSummary check={check} />
              ) : (
                <Typography color="text.secondary">{translate('app.checks.not_done')}</Typography>
              )}
              {mayRecord(kind) ? (
                <Button
                  variant="contained"
                  sx={{ alignSelf: 'flex-start' }}
                  onClick={() => setRecording(kind)}
                >
                  {translate(`app.checks.record_${kind}`)}
                </Button>
              ) : null}
            </Stack>
          );
        })}
        {differences ? <CheckDifferencesView differences={differences} /> : null}
      </CardContent>
      {recording && template.data ? (
        <CheckDialog
          hire={hire}
          kind={recording}
          template={template.data}
          onClose={() => setRecording(null)}
        />
      ) : null}
    </Card>
  );
}
