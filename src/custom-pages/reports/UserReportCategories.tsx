// /portal/cil-user-reports?userId=…: an admin chooses which report categories a user may use
// (spec point 7); each category lists its reports. A user whose categories were never set has all.
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  FormControlLabel,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { useOrganisationUsers, userLabel } from './useOrganisationUsers.ts';
import type { ReportCategory } from '../../domain/api/reports.ts';

export default function UserReportCategories() {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [params, setParams] = useSearchParams();
  const userId = params.get('userId') ?? '';
  // What the admin ticked; the user's own until then.
  const [edited, setEdited] = useState<{ userId: string; ids: ReportCategory[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const users = useOrganisationUsers();
  const categories = useQuery({
    queryKey: ['report-categories'],
    queryFn: ({ signal }) => dataProvider.getReportCategories(signal),
  });
  const user = users.data?.data.find((u) => u.id === userId) ?? null;
  const own = useQuery({
    queryKey: ['user-report-categories', userId],
    queryFn: ({ signal }) => dataProvider.getUserReportCategories(userId, signal),
    enabled: user !== null,
  });
  const chosen =
    edited?.userId === userId ? edited.ids : (own.data?.categoryIds ?? ([] as ReportCategory[]));
  const setChosen = (ids: ReportCategory[]) => setEdited({ userId, ids });

  const save = async () => {
    setBusy(true);
    try {
      await dataProvider.setUserReportCategories(userId, chosen);
      await queryClient.invalidateQueries({ queryKey: ['user-report-categories', userId] });
      notify('app.reports.categories.saved', { type: 'success' });
    } catch (caught) {
      notify(caught instanceof Error ? caught.message : String(caught), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ p: 2, display: 'grid', gap: 2, maxWidth: 760 }}>
      <Title title={translate('app.reports.categories.title')} />
      <Autocomplete
        options={users.data?.data ?? []}
        value={user}
        getOptionLabel={userLabel}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        onChange={(_event, value) => setParams(value ? { userId: value.id } : {})}
        renderInput={(props) => (
          <TextField {...props} label={translate('app.reports.categories.user')} />
        )}
      />
      {userId && users.isSuccess && !user ? (
        <Alert severity="info">{translate('app.reports.categories.unknown_user')}</Alert>
      ) : null}
      {user && own.data ? (
        <Card>
          <CardContent>
            <Stack spacing={1}>
              {(categories.data ?? []).map((category) => (
                <Box key={category.id}>
                  <FormControlLabel
                    label={translate(`app.reports.categories.names.${category.id}`)}
                    control={
                      <Checkbox
                        checked={chosen.includes(category.id)}
                        onChange={(event) =>
                          setChosen(
                            event.target.checked
                              ? [...chosen, category.id]
                              : chosen.filter((id) => id !== category.id),
                          )
                        }
                      />
                    }
                  />
                  <Typography variant="body2" color="text.secondary" sx={{ ml: 4 }}>
                    {category.reportTypes
                      .map((type) => translate(`app.reports.types.${type}`))
                      .join(', ')}
                  </Typography>
                </Box>
              ))}
              <Box>
                <Button variant="contained" disabled={busy} onClick={() => void save()}>
                  {translate('ra.action.save')}
                </Button>
              </Box>
            </Stack>
          </CardContent>
        </Card>
      ) : null}
    </Box>
  );
}
