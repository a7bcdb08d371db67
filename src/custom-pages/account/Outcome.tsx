// One outcome of an account link (accepted, expired, invalid...): its words and where to go next.
import { Alert, Button } from '@mui/material';
import { Link } from 'react-router-dom';

export interface OutcomeProps {
  severity: 'success' | 'info' | 'warning' | 'error';
  message: string;
  /** The next step, a link in the portal. */
  action?: { label: string; to: string };
  /** Or a retry, for a failure that may pass. */
  onRetry?: { label: string; run(): void };
  testId?: string;
}

export function Outcome({ severity, message, action, onRetry, testId }: OutcomeProps) {
  return (
    <>
      <Alert
        severity={severity}
        role={severity === 'error' ? 'alert' : 'status'}
        data-testid={testId}
      >
        {message}
      </Alert>
      {action && (
        <Button component={Link} to={action.to} variant="contained">
          {action.label}
        </Button>
      )}
      {onRetry && (
        <Button onClick={onRetry.run} variant="outlined">
          {onRetry.label}
        </Button>
      )}
    </>
  );
}
