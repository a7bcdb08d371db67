// A screen's write through the outbox, announced: saved, kept on the phone until there is a
// signal, or refused with the server's reason (left in the form to correct, not in the outbox).
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { useOutbox, type NewWrite } from './OutboxProvider.tsx';

export function useQueuedWrite() {
  const outbox = useOutbox();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  /** True when the write is made or kept to be sent; false when refused. */
  const write = async (request: NewWrite, saved: string): Promise<boolean> => {
    setBusy(true);
    try {
      const after = await outbox.submit(request);
      if (after.state === 'refused') {
        await outbox.dismiss(after.id);
        notify(after.message ?? 'ra.notification.http_error', { type: 'error' });
        return false;
      }
      notify(after.state === 'sent' ? saved : 'app.outbox.queued', {
        type: after.state === 'sent' ? 'success' : 'info',
      });
      return true;
    } catch (error) {
      // The phone could not keep the write (no storage): said, and the form keeps its values.
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { write, busy };
}
