// /admin/oem-feeds: the ISO 15143-3 (AEMP 2.0) feeds the server polls. Staff add and edit them,
// pause and resume them, poll one now, see each one's last poll and its error, and the equipment
// it reported: matched to a machine, or not yet.
import { Fragment, useState } from 'react';
import {
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableContainer,
  TableCell,
  TableHead,
  TableRow,
  TextField,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useGetList, useNotify, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import {
  OEM_FEED_AUTHS,
  OEM_FEED_FORMATS,
  type OemFeed,
  type OemFeedBody,
} from '../../domain/api/oemFeeds.ts';
import { When } from '../../common/fields.tsx';
import { AdminScreen, Failure } from './AdminShared.tsx';

const feedKeys = { all: ['admin', 'oem-feeds'] };

const bodyOf = (feed: OemFeed, changes: Partial<OemFeedBody> = {}): OemFeedBody => ({
  organisationId: feed.organisationId,
  name: feed.name,
  sourceType: feed.sourceType,
  baseUrl: feed.baseUrl,
  format: feed.format,
  auth: feed.auth,
  username: feed.username,
  tokenUrl: feed.tokenUrl,
  scope: feed.scope,
  intervalS: feed.intervalS,
  enabled: feed.enabled,
  ...changes,
});

const EMPTY: OemFeedBody = {
  organisationId: '',
  name: '',
  sourceType: '',
  baseUrl: 'https://',
  format: 'xml',
  auth: 'none',
  username: null,
  tokenUrl: null,
  scope: null,
  intervalS: 3600,
  enabled: true,
};

/** Creates the feed or saves its changes; a secret left empty keeps the stored one. */
function useSaveFeed(
  feed: OemFeed | 'new',
  body: OemFeedBody,
  secret: string,
  onSaved: () => void,
) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => {
      const sent = { ...body, ...(secret ? { secret } : {}) };
      return feed === 'new'
        ? dataProvider.createOemFeed(sent)
        : dataProvider.updateOemFeed(feed.id, sent);
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: feedKeys.all });
      onSaved();
    },
  });
}

function FeedDialog({ feed, onClose }: { feed: OemFeed | 'new'; onClose: () => void }) {
  const translate = useTranslate();
  const organisations = useGetList('admin/orgs/settings', {
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'name', order: 'ASC' },
  });
  const [body, setBody] = useState<OemFeedBody>(feed === 'new' ? EMPTY : bodyOf(feed));
  const [secret, setSecret] = useState('');
  const save = useSaveFeed(feed, body, secret, onClose);
  const text = (key: keyof OemFeedBody, label: string) => (
    <TextField
      size="small"
      label={translate(label)}
      value={(body[key] as string | null) ?? ''}
      onChange={(event) =>
        setBody({ ...body, [key]: event.target.value === '' ? null : event.target.value })
      }
    />
  );
  const choice = (
    key: 'organisationId' | 'format' | 'auth',
    label: string,
    options: { value: string; label: string }[],
  ) => (
    <TextField
      select
      size="small"
      label={translate(label)}
      value={body[key]}
      onChange={(event) => setBody({ ...body, [key]: event.target.value })}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>
        {translate(feed === 'new' ? 'app.admin.feeds.add' : 'app.admin.feeds.edit')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Failure error={save.error} />
          {choice(
            'organisationId',
            'app.admin.organisation',
            (organisations.data ?? []).map((organisation) => ({
              value: String(organisation.id),
              label: organisation.name as string,
            })),
          )}
          {text('name', 'app.admin.feeds.name')}
          {text('sourceType', 'app.admin.feeds.source_type')}
          {text('baseUrl', 'app.admin.feeds.base_url')}
          <Stack direction="row" spacing={1}>
            {choice(
              'format',
              'app.admin.feeds.format',
              OEM_FEED_FORMATS.map((format) => ({ value: format, label: format.toUpperCase() })),
            )}
            {choice(
              'auth',
              'app.admin.feeds.auth',
              OEM_FEED_AUTHS.map((auth) => ({
                value: auth,
                label: translate(`app.admin.feeds.auth_${auth}`),
              })),
            )}
            <TextField
              size="small"
              type="number"
              label={translate('app.admin.feeds.interval')}
              value={body.intervalS}
              onChange={(event) => setBody({ ...body, intervalS: Number(event.target.value) })}
            />
          </Stack>
          {body.auth !== 'none' ? (
            <>
              {text('username', 'app.admin.feeds.username')}
              <TextField
                size="small"
                type="password"
                label={translate('app.admin.feeds.secret')}
                helperText={
                  feed !== 'new' && feed.hasSecret
                    ? translate('app.admin.feeds.secret_kept')
                    : undefined
                }
                value={secret}
                onChange={(event) => setSecret(event.target.value)}
              />
            </>
          ) : null}
          {body.auth === 'oauth2' ? (
            <>
              {text('tokenUrl', 'app.admin.feeds.token_url')}
              {text('scope', 'app.admin.feeds.scope')}
            </>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" disabled={save.isPending} onClick={() => save.mutate()}>
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function Equipment({ feedId }: { feedId: string }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const equipment = useQuery({
    queryKey: [...feedKeys.all, feedId, 'equipment'],
    queryFn: ({ signal }) => dataProvider.getOemFeedEquipment(feedId, signal),
  });
  return (
    <Table size="small" aria-label={translate('app.admin.feeds.equipment')}>
      <TableBody>
        {equipment.data?.equipment.map((item) => (
          <TableRow key={item.sourceId}>
            <TableCell>{item.code}</TableCell>
            <TableCell>
              {item.machineName ?? (
                <Chip size="small" color="warning" label={translate('app.admin.feeds.unmatched')} />
              )}
            </TableCell>
            <TableCell>
              <When value={item.lastSeenAt} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export default function OemFeedsPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<OemFeed | 'new' | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const feeds = useQuery({
    queryKey: feedKeys.all,
    queryFn: ({ signal }) => dataProvider.getOemFeeds(signal),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: feedKeys.all });
  const fail = (error: unknown) =>
    notify(error instanceof Error ? error.message : String(error), { type: 'error' });
  const toggle = useMutation({
    mutationFn: (feed: OemFeed) =>
      dataProvider.updateOemFeed(feed.id, bodyOf(feed, { enabled: !feed.enabled })),
    onSuccess: refresh,
    onError: fail,
  });
  const poll = useMutation({
    mutationFn: (feed: OemFeed) => dataProvider.pollOemFeed(feed.id),
    onSuccess: (result) => {
      notify(
        result.error ??
          translate('app.admin.feeds.polled', {
            equipment: result.equipment,
            matched: result.matched,
            stored: result.stored,
          }),
        { type: result.error ? 'error' : 'info' },
      );
      refresh();
    },
    onError: fail,
  });
  const remove = useMutation({
    mutationFn: (feed: OemFeed) => dataProvider.deleteOemFeed(feed.id),
    onSuccess: refresh,
    onError: fail,
  });
  return (
    <AdminScreen title="app.admin.feeds.title">
      <Button variant="contained" onClick={() => setEditing('new')} sx={{ mb: 2 }}>
        {translate('app.admin.feeds.add')}
      </Button>
      <Failure error={feeds.error} />
      <TableContainer>
        <Table size="small" aria-label={translate('app.admin.feeds.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('app.admin.feeds.name')}</TableCell>
              <TableCell>{translate('app.admin.feeds.source_type')}</TableCell>
              <TableCell>{translate('app.admin.feeds.last_poll')}</TableCell>
              <TableCell>{translate('app.admin.feeds.last_error')}</TableCell>
              <TableCell align="right">{translate('app.admin.feeds.equipment')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {feeds.data?.feeds.map((feed) => (
              <Fragment key={feed.id}>
                <TableRow>
                  <TableCell>
                    {feed.name}{' '}
                    {feed.enabled ? null : (
                      <Chip size="small" label={translate('app.admin.feeds.paused')} />
                    )}
                  </TableCell>
                  <TableCell>{feed.sourceType}</TableCell>
                  <TableCell>
                    <When value={feed.lastPolledAt} />
                  </TableCell>
                  <TableCell sx={{ color: 'error.main' }}>{feed.lastError ?? ''}</TableCell>
                  <TableCell align="right">
                    <Button size="small" onClick={() => setOpen(open === feed.id ? null : feed.id)}>
                      {feed.lastEquipment ?? '–'}
                    </Button>
                  </TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={1}>
                      <Button size="small" onClick={() => setEditing(feed)}>
                        {translate('ra.action.edit')}
                      </Button>
                      <Button size="small" onClick={() => toggle.mutate(feed)}>
                        {translate(
                          feed.enabled ? 'app.admin.feeds.pause' : 'app.admin.feeds.resume',
                        )}
                      </Button>
                      <Button
                        size="small"
                        disabled={poll.isPending}
                        onClick={() => poll.mutate(feed)}
                      >
                        {translate('app.admin.feeds.poll')}
                      </Button>
                      <Button size="small" color="error" onClick={() => remove.mutate(feed)}>
                        {translate('ra.action.delete')}
                      </Button>
                    </Stack>
                  </TableCell>
                </TableRow>
                {open === feed.id ? (
                  <TableRow>
                    <TableCell colSpan={6}>
                      <Equipment feedId={feed.id} />
                    </TableCell>
                  </TableRow>
                ) : null}
              </Fragment>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {editing ? <FeedDialog feed={editing} onClose={() => setEditing(null)} /> : null}
    </AdminScreen>
  );
}
