// Sign-in sessions (issue 45, ASVS 5.0 7.4.5 and 7.5.2): the user's own in /user/settings, where
// they end any but the one they are using, or all others; a member's on the member's page, where
// the organisation's admins end them. Each row says what opened it, from where, and when it was
// last used, in the reader's language and time zone.
import ComputerIcon from '@mui/icons-material/Computer';
import DevicesOtherIcon from '@mui/icons-material/DevicesOther';
import PhoneIphoneIcon from '@mui/icons-material/PhoneIphone';
import TabletIcon from '@mui/icons-material/Tablet';
import TvIcon from '@mui/icons-material/Tv';
import {
  Button,
  Chip,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useFormat } from '../common/useFormat.ts';
import type { PortalDataProvider } from '../dataProvider/dataProvider.ts';
import { sessionKeys } from '../dataProvider/sessions.ts';
import type { DeviceKind, SignInSession } from '../domain/api/authSessions.ts';

const DEVICE_ICONS: Record<DeviceKind, typeof ComputerIcon> = {
  desktop: ComputerIcon,
  mobile: PhoneIphoneIcon,
  tablet: TabletIcon,
  tv: TvIcon,
  other: DevicesOtherIcon,
};

/** Ends one session (`sessionId`) or all that may be ended; the list is read again either way. */
function useEndSessions(userId: string | undefined) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: async (sessionId: string | undefined) => {
      if (!sessionId) return (await dataProvider.endSessions(userId)).ended;
      await dataProvider.endSession(userId, sessionId);
      return 1;
    },
    onSuccess: (ended, sessionId) =>
      notify(sessionId ? 'app.sessions.ended' : 'app.sessions.ended_many', {
        type: 'success',
        messageArgs: { smart_count: ended },
      }),
    onError: () => notify('app.sessions.end_failed', { type: 'error' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.of(userId) }),
  });
}

function SessionRow({
  session,
  onEnd,
  busy,
}: {
  session: SignInSession;
  onEnd?: () => void;
  busy: boolean;
}) {
  const translate = useTranslate();
  const format = useFormat();
  const Icon = DEVICE_ICONS[session.device];
  const what = `${session.browser ?? translate('app.sessions.unknown_browser')} · ${
    session.os ?? translate('app.sessions.unknown_system')
  }`;
  const details = [
    translate('app.sessions.last_used', { when: format.dateTime(session.lastUsedAt) }),
    translate('app.sessions.started', { when: format.dateTime(session.startedAt) }),
    session.address ? translate('app.sessions.address', { address: session.address }) : null,
  ].filter(Boolean);
  return (
    <ListItem
      divider
      data-testid="sign-in-session"
      secondaryAction={
        onEnd ? (
          <Button size="small" color="error" disabled={busy} onClick={onEnd}>
            {translate('app.sessions.end')}
          </Button>
        ) : undefined
      }
    >
      <ListItemIcon title={translate(`app.sessions.devices.${session.device}`)}>
        <Icon />
      </ListItemIcon>
      <ListItemText
        primary={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <span>{what}</span>
            {session.current ? (
              <Chip size="small" color="primary" label={translate('app.sessions.this_device')} />
            ) : null}
          </Stack>
        }
        secondary={details.join(' · ')}
        // Room for the End button on a phone.
        sx={{ pr: onEnd ? 7 : 0 }}
      />
    </ListItem>
  );
}

/** `userId` set: that member's sessions, for an admin; otherwise the caller's own. */
export function SessionList({ userId }: { userId?: string }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { data: sessions } = useQuery({
    queryKey: sessionKeys.of(userId),
    queryFn: () => dataProvider.getSessions(userId),
  });
  const end = useEndSessions(userId);
  if (!sessions) return null;
  // The session in use is ended by signing out, not here.
  const endable = sessions.filter((session) => !session.current);
  return (
    <Stack spacing={1} data-testid={userId ? 'member-sessions' : 'own-sessions'}>
      <Typography variant="subtitle1">
        {translate(userId ? 'app.sessions.member_title' : 'app.sessions.title')}
      </Typography>
      {userId ? null : (
        <Typography variant="body2" color="text.secondary">
          {translate('app.sessions.intro')}
        </Typography>
      )}
      {sessions.length === 0 ? (
        <Typography variant="body2">{translate('app.sessions.none')}</Typography>
      ) : (
        <List dense disablePadding>
          {sessions.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              busy={end.isPending}
              onEnd={session.current ? undefined : () => end.mutate(session.id)}
            />
          ))}
        </List>
      )}
      {endable.length > 1 ? (
        <div>
          <Button
            variant="outlined"
            color="error"
            disabled={end.isPending}
            onClick={() => end.mutate(undefined)}
          >
            {translate(userId ? 'app.sessions.end_all' : 'app.sessions.end_others')}
          </Button>
        </div>
      ) : null}
    </Stack>
  );
}
