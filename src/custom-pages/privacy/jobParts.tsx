// What the exports and erasures lists share: a job's state with its progress while it runs, and
// the list refreshed every two seconds while any job is still to finish.
import { Chip, LinearProgress, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useFormat } from '../../common/useFormat.ts';
import type { PrivacyJob, PrivacyJobList } from '../../domain/api/privacy.ts';

const POLL_MS = 2_000;

/** The jobs of one list, and `ask` that starts one and says so (or why it could not). */
export function useJobs(
  key: string[],
  load: (signal: AbortSignal) => Promise<PrivacyJobList>,
  askedNotice: string,
) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => load(signal),
    refetchInterval: (query) =>
      query.state.data?.jobs.some((job) => job.state === 'queued' || job.state === 'running')
        ? POLL_MS
        : false,
  });
  const ask = async (start: () => Promise<unknown>) => {
    try {
      await start();
      await queryClient.invalidateQueries({ queryKey: key });
      notify(askedNotice, { type: 'info' });
    } catch (caught) {
      notify(caught instanceof Error ? caught.message : String(caught), { type: 'error' });
    }
  };
  return { jobs: data?.jobs, ask };
}

/** One job's row: when it was asked for, then what the list adds; a column on a phone. */
export function JobRow({
  job,
  testId,
  children,
}: {
  job: PrivacyJob;
  testId: string;
  children: ReactNode;
}) {
  const format = useFormat();
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      gap={{ xs: 0.5, sm: 2 }}
      alignItems={{ sm: 'center' }}
      data-testid={testId}
    >
      <Typography variant="body2" sx={{ minWidth: 150 }}>
        {format.dateTime(job.requestedAt)}
      </Typography>
      {children}
    </Stack>
  );
}

export function JobState({ job }: { job: PrivacyJob }) {
  const translate = useTranslate();
  return (
    <Stack gap={0.5} sx={{ minWidth: 140 }}>
      <Chip
        size="small"
        label={translate(`app.privacy.states.${job.state}`)}
        color={job.state === 'done' ? 'success' : job.state === 'failed' ? 'error' : 'default'}
        data-testid="job-state"
      />
      {job.state === 'running' || job.state === 'queued' ? (
        <LinearProgress
          variant={job.state === 'queued' ? 'indeterminate' : 'determinate'}
          value={job.progress * 100}
          aria-label={translate('app.privacy.progress')}
        />
      ) : null}
    </Stack>
  );
}
