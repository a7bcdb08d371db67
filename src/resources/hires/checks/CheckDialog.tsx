// Records a hire's on-hire or off-hire check on a phone: each item of the machine category's
// checklist, photos from the camera, and the signature of whoever hands over or takes back the
// machine. It goes through the outbox, so a check done where there is no signal is kept on the
// phone, with its own time, and sent when there is one.
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useCallback, useState } from 'react';
import { useTranslate } from 'react-admin';
import type {
  CheckAnswer,
  CheckKind,
  CheckTemplate,
  HireCheckBody,
} from '../../../domain/api/checks.ts';
import type { Hire } from '../../../domain/api/hires.ts';
import { endpoints, pathTo } from '../../../domain/api/endpoints.ts';
import { PhotoInput } from '../../../common/PhotoInput.tsx';
import { usePhone } from '../../../common/phone.tsx';
import { useQueuedWrite } from '../../../outbox/useQueuedWrite.ts';
import { answerProblem, CheckItemInput } from './CheckItemInput.tsx';
import { SignaturePad } from './SignaturePad.tsx';

const MAX_PHOTOS = 20;

export function CheckDialog({
  hire,
  kind,
  template,
  onClose,
}: {
  hire: Hire;
  kind: CheckKind;
  template: CheckTemplate;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const phone = usePhone();
  const { write, busy } = useQueuedWrite();
  const [answers, setAnswers] = useState<Record<string, CheckAnswer | undefined>>({});
  const [photos, setPhotos] = useState<File[]>([]);
  const [signature, setSignature] = useState<string | null>(null);
  const [signedBy, setSignedBy] = useState('');
  const [tried, setTried] = useState(false);
  const onSignature = useCallback((png: string | null) => setSignature(png), []);

  const problems = template.items
    .map((item) => ({ item, problem: answerProblem(item, answers[item.key]) }))
    .filter(({ problem }) => problem !== null);
  const complete = problems.length === 0 && signature !== null && signedBy.trim() !== '';

  const submit = async () => {
    setTried(true);
    if (!complete || signature === null) return;
    const given: HireCheckBody['answers'] = {};
    for (const [key, answer] of Object.entries(answers)) {
      if (answer !== undefined) given[key] = answer;
    }
    const body: HireCheckBody = {
      kind,
      templateId: template.id,
      answers: given,
      photoIds: [],
      signature,
      signedBy: signedBy.trim(),
      doneAt: new Date().toISOString(),
    };
    const saved = await write(
      {
        kind: 'hireCheck',
        subject: hire.contractNumber,
        path: pathTo(endpoints.portal.hires.checks, { id: hire.id }),
        body,
        photos,
        photoField: 'photoIds',
        machineId: hire.machineId,
      },
      'app.checks.saved',
    );
    if (saved) onClose();
  };

  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm">
      <DialogTitle>
        {translate(`app.checks.kinds.${kind}`)} · {hire.contractNumber}
      </DialogTitle>
      <DialogContent>
        <Stack gap={2} sx={{ pt: 1 }} data-testid="check-form">
          {template.items.map((item) => (
            <CheckItemInput
              key={item.key}
              item={item}
              answer={answers[item.key]}
              onChange={(answer) => setAnswers((before) => ({ ...before, [item.key]: answer }))}
            />
          ))}
          <PhotoInput
            photos={photos}
            onChange={setPhotos}
            max={MAX_PHOTOS}
            label={translate('app.checks.add_photo')}
            testId="check-photos"
          />
          <SignaturePad onChange={onSignature} />
          <TextField
            label={translate('app.checks.signed_by')}
            value={signedBy}
            onChange={(event) => setSignedBy(event.target.value)}
          />
          {tried && !complete ? (
            <Alert severity="warning" data-testid="check-incomplete">
              {[
                ...problems.map(
                  ({ item, problem }) => `${item.label}: ${translate(problem ?? '')}`,
                ),
                ...(signature === null ? [translate('app.checks.signature_needed')] : []),
                ...(signedBy.trim() === '' ? [translate('app.checks.signed_by_needed')] : []),
              ].join(' · ')}
            </Alert>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" disabled={busy} onClick={() => void submit()}>
          {translate('app.checks.record')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
