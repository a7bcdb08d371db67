// A dashboard card of counts that need someone, each a link to the list filtered to them: the
// hires needing the rental company, the service due.
import { Card, CardContent, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useFormat } from '../../common/useFormat.ts';

export interface Count {
  key: string;
  label: string;
  value: number;
  to: string;
}

export function CountsCard({
  title,
  counts,
  testId,
}: {
  title: string;
  counts: Count[];
  testId: string;
}) {
  const format = useFormat();
  return (
    <Card variant="outlined" data-testid={testId}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        <Stack direction="row" gap={4} flexWrap="wrap" sx={{ mt: 1 }}>
          {counts.map((count) => (
            <Link
              key={count.key}
              component={RouterLink}
              to={count.to}
              underline="hover"
              data-count={count.key}
            >
              <Typography variant="h5" component="span">
                {format.number(count.value, 0)}
              </Typography>{' '}
              {count.label}
            </Link>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
