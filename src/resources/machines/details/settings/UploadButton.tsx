// A button that picks one file and hands it on; the input is emptied so the same file can be
// picked again after a refusal.
import { Button } from '@mui/material';

export function UploadButton({
  label,
  accept,
  testId,
  disabled,
  onFile,
}: {
  label: string;
  accept: string;
  testId: string;
  disabled: boolean;
  onFile(file: File): void;
}) {
  return (
    <Button component="label" variant="outlined" disabled={disabled}>
      {label}
      <input
        hidden
        type="file"
        accept={accept}
        data-testid={testId}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </Button>
  );
}
