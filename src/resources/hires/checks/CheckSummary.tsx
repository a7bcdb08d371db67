// One recorded check on the hire's page: when and by whom, each answer, its photos and the
// signature. The photos are fetched with the session (they are files of whoever recorded it).
import { Box, Stack, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { checkKeys } from '../../../dataProvider/checks.ts';
import type { PortalDataProvider } from '../../../dataProvider/dataProvider.ts';
import type { CheckAnswer, CheckItemKind, HireCheck } from '../../../domain/api/checks.ts';
import { useFormat } from '../../../common/useFormat.ts';
import { BlobImage } from '../../../common/BlobImage.tsx';

export function useAnswerText() {
  const translate = useTranslate();
  const format = useFormat();
  return (kind: CheckItemKind, answer: CheckAnswer | null | undefined) => {
    if (answer === undefined || answer === null || answer === '')
      return translate('app.checks.none');
    if (typeof answer === 'boolean') return translate(answer ? 'app.checks.yes' : 'app.checks.no');
    if (typeof answer === 'string') return answer;
    return kind === 'fuelLevel' ? `${format.number(answer)} %` : format.measure(answer, 'h', 1);
  };
}

function CheckPhoto({ hireId, fileId }: { hireId: string; fileId: string }) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const translate = useTranslate();
  const { data: blob } = useQuery({
    queryKey: checkKeys.photo(hireId, fileId),
    queryFn: () => dataProvider.getHireCheckPhoto(hireId, fileId),
    staleTime: Infinity,
  });
  return blob ? (
    <BlobImage
      blob={blob}
      alt={translate('app.checks.photo')}
      testId="check-photo"
      sx={{ width: 96, height: 96, objectFit: 'cover', borderRadius: 1 }}
    />
  ) : (
    <Box sx={{ width: 96, height: 96, bgcolor: 'action.hover', borderRadius: 1 }} />
  );
}

export function CheckSummary({ check }: { check: HireCheck }) {
  const translate = useTranslate();
  const format = useFormat();
  const answerText = useAnswerText();
  return (
    <Stack gap={1} data-testid={`check-${check.kind}`}>
      <Typography variant="body2" color="text.secondary">
        {check.templateName} ·{' '}
        {translate('app.checks.done_by', {
          when: format.dateTime(check.doneAt),
          who: check.doneBy ?? '–',
        })}
      </Typography>
      <Table size="small">
        <TableBody>
          {check.items.map((item) => (
            <TableRow key={item.key}>
              <TableCell sx={{ pl: 0 }}>{item.label}</TableCell>
              <TableCell>{answerText(item.kind, check.answers[item.key])}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {check.photoIds.length > 0 ? (
        <Stack direction="row" gap={1} flexWrap="wrap">
          {check.photoIds.map((id) => (
            <CheckPhoto key={id} hireId={check.hireId} fileId={id} />
          ))}
        </Stack>
      ) : null}
      <Stack direction="row" gap={2} alignItems="center" flexWrap="wrap">
        <Box
          component="img"
          src={check.signature}
          alt={translate('app.checks.signature')}
          sx={{ height: 60, maxWidth: 200, border: 1, borderColor: 'divider', borderRadius: 1 }}
        />
        <Typography variant="body2">
          {translate('app.checks.signed_by_name', { name: check.signedBy })}
        </Typography>
      </Stack>
    </Stack>
  );
}
