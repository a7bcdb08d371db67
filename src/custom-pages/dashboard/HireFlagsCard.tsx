// The dashboard's hires that need the rental company (issue 41, docs/rental.md): machines idle on
// hire and machines not returned after their off-hire, each count opening the hires list filtered
// to them. Shown to rental companies only.
import { Card, CardContent, Link, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { HIRE_FLAGS } from '../../domain/api/hires.ts';
import { useCaller } from '../../common/useCaller.ts';
import { useFormat } from '../../common/useFormat.ts';

export function HireFlagsCard() {
  const translate = useTranslate();
  const format = useFormat();
  const rental = useCaller().identity?.organisation.rental === true;
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { data: counts } = useQuery({
    queryKey: ['hire-flags'],
    queryFn: () => dataProvider.getHireFlags(),
    enabled: rental,
  });
  if (!rental || !counts) return null;
  return (
    <Card variant="outlined" data-testid="hire-flags">
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('app.hires.flags.title')}
        </Typography>
        <Stack direction="row" gap={4} flexWrap="wrap" sx={{ mt: 1 }}>
          {HIRE_FLAGS.map((flag) => (
            <Link
              key={flag}
              component={RouterLink}
              to={`/hires?filter=${encodeURIComponent(JSON.stringify({ flag }))}`}
              underline="hover"
            >
              <Typography variant="h5" component="span">
                {format.number(counts[flag], 0)}
              </Typography>{' '}
              {translate(`app.hires.flags.${flag}`)}
            </Link>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
