// The additional-information form: its fields and drop-down values from the server, with the
// organisation's mandatory fields required.
import { Button, MenuItem, Stack, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { useLocaleState, useTranslate } from 'react-admin';
import { parseLocaleNumber } from '../../../../domain/localeNumber.ts';
import {
  ADDITIONAL_INFORMATION_FIELDS,
  type AdditionalInformation,
  type AdditionalInformationKey,
} from '../../../../domain/api/machineSettings.ts';
import { Section, type SectionProps } from './Section.tsx';
import { useMachineWrite } from './useMachineWrite.ts';
import { machineSettingKeys } from '../../../../dataProvider/machineSettings.ts';

type FormValues = Record<AdditionalInformationKey, string>;

const asText = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** The form's text back to the call's types: empty is null, numbers are numbers. */
function toChanges(values: FormValues, language: string): AdditionalInformation {
  const changes: Record<string, string | number | null> = {};
  for (const { key, kind } of ADDITIONAL_INFORMATION_FIELDS) {
    const text = values[key].trim();
    if (key === 'fuelType') {
      if (text) changes[key] = text;
      continue;
    }
    changes[key] =
      text === '' ? null : kind === 'number' ? parseLocaleNumber(text, language) : text;
  }
  return changes as AdditionalInformation;
}

export function AdditionalInformationSection({ machine, settings, canWrite }: SectionProps) {
  const translate = useTranslate();
  const [language] = useLocaleState();
  const { run, busy, dataProvider } = useMachineWrite(machine.id);
  const values = useQuery({
    queryKey: machineSettingKeys.formDropDownValues,
    queryFn: () => dataProvider.getFormDropDownValues(),
  });
  const mandatory = new Set(values.data?.mandatoryFields ?? []);
  const current = settings.additionalInformation as Record<string, unknown>;
  const { control, handleSubmit } = useForm<FormValues>({
    values: Object.fromEntries(
      ADDITIONAL_INFORMATION_FIELDS.map(({ key }) => [key, asText(current[key])]),
    ) as FormValues,
  });

  return (
    <Section title={translate('app.machine.settings.additional_information')}>
      <Stack
        component="form"
        gap={1.5}
        onSubmit={handleSubmit((form) =>
          run((provider) =>
            provider.updateAdditionalInformation(machine.id, toChanges(form, language)),
          ),
        )}
        data-testid="additional-information"
      >
        {ADDITIONAL_INFORMATION_FIELDS.map(({ key, kind }) => {
          const options =
            kind === 'select' ? (values.data?.[key as 'fuelType' | 'emissionStandard'] ?? []) : [];
          return (
            <Controller
              key={key}
              name={key}
              control={control}
              rules={{
                required: mandatory.has(key),
                validate: (text) =>
                  kind !== 'number' ||
                  text.trim() === '' ||
                  parseLocaleNumber(text, language) !== null,
              }}
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  select={kind === 'select'}
                  type={kind === 'date' ? 'date' : 'text'}
                  size="small"
                  required={mandatory.has(key)}
                  disabled={!canWrite}
                  error={fieldState.invalid}
                  helperText={
                    fieldState.invalid ? translate('app.machine.settings.invalid') : undefined
                  }
                  label={translate(`app.machine.settings.fields.${key}`)}
                  slotProps={{
                    inputLabel: kind === 'date' ? { shrink: true } : undefined,
                    htmlInput: kind === 'number' ? { inputMode: 'decimal' } : undefined,
                  }}
                  sx={{ maxWidth: 320 }}
                >
                  {kind === 'select'
                    ? [
                        ...(key === 'fuelType'
                          ? []
                          : [
                              <MenuItem key="" value="">
                                –
                              </MenuItem>,
                            ]),
                        ...options.map((option) => (
                          <MenuItem key={option} value={option}>
                            {option}
                          </MenuItem>
                        )),
                      ]
                    : undefined}
                </TextField>
              )}
            />
          );
        })}
        {canWrite ? (
          <div>
            <Button type="submit" variant="outlined" disabled={busy}>
              {translate('ra.action.save')}
            </Button>
          </div>
        ) : null}
      </Stack>
    </Section>
  );
}
