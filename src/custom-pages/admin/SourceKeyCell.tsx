// A device's JSON ingest key: staff issue a new one (shown here once; the old one stops working)
// or revoke it, so a phone app or integration can post, or can no longer.
import { useState } from 'react';
import { Box, Button, Stack } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { Failure } from './AdminShared.tsx';

export function SourceKeyCell({ sourceId, onChange }: { sourceId: string; onChange?: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [issued, setIssued] = useState<string | null>(null);
  const issue = useMutation({
    mutationFn: () => dataProvider.issueSourceKey(sourceId),
    onSuccess: (reply) => {
      setIssued(reply.apiKey);
      onChange?.();
    },
  });
  const revoke = useMutation({
    mutationFn: () => dataProvider.revokeSourceKey(sourceId),
    onSuccess: () => {
      setIssued(null);
      onChange?.();
    },
  });
  return (
    <Stack spacing={0.5}>
      <Stack direction="row" spacing={1}>
        <Button size="small" onClick={() => issue.mutate()}>
          {translate('app.admin.machine_page.issue_key')}
        </Button>
        <Button size="small" color="error" onClick={() => revoke.mutate()}>
          {translate('app.admin.machine_page.revoke_key')}
        </Button>
      </Stack>
      <Failure error={issue.error ?? revoke.error} />
      {issued ? (
        <Box data-testid="issued-key" sx={{ fontSize: 12 }}>
          {translate('app.admin.machine_page.key_issued')}{' '}
          <Box component="code" sx={{ userSelect: 'all', wordBreak: 'break-all' }}>
            {issued}
          </Box>
        </Box>
      ) : null}
    </Stack>
  );
}
