// The outbox (issue 44): writes a phone makes in the yard go through it. Each is kept in IndexedDB
// first, then sent; without a signal it waits, and goes as soon as the browser is back online, on
// the next start, or on a retry every half minute while any waits. Writes settled in the
// background are announced; the screen that made a write announces its first try itself.
import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useCaller } from '../common/useCaller.ts';
import type { PortalDataProvider } from '../dataProvider/dataProvider.ts';
import { forgetWrite, queuedWrites, saveWrite, type QueuedWrite } from './queuedWrites.ts';
import { sendWrite } from './sendWrite.ts';

const RETRY_MS = 30_000;

export type NewWrite = Pick<
  QueuedWrite,
  'kind' | 'subject' | 'path' | 'body' | 'photoField' | 'machineId'
> & { photos: File[] };

export interface Outbox {
  writes: QueuedWrite[];
  /** Keeps the write, then tries it once: its state after that try. */
  submit(write: NewWrite): Promise<QueuedWrite>;
  /** Tries every waiting write again. */
  flush(): Promise<void>;
  dismiss(id: string): Promise<void>;
}

const OutboxContext = createContext<Outbox | null>(null);

export function useOutbox(): Outbox {
  const outbox = useContext(OutboxContext);
  if (!outbox) throw new Error('useOutbox needs an OutboxProvider (the portal layout)');
  return outbox;
}

export function OutboxProvider({ children }: { children: ReactNode }) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const translate = useTranslate();
  // A write belongs to its author in the organisation it was made in: sent in another's session it
  // would be refused, or made on the wrong account.
  const { identity } = useCaller();
  const userId = identity ? `${identity.id}@${identity.organisation.id}` : '';
  const [writes, setWrites] = useState<QueuedWrite[]>([]);
  // One pass at a time: a write is never sent by two passes at once.
  const running = useRef<Promise<unknown>>(Promise.resolve());

  const reload = useCallback(async () => {
    if (userId) setWrites(await queuedWrites(userId));
  }, [userId]);

  const exclusive = useCallback(<T,>(pass: () => Promise<T>): Promise<T> => {
    const next = running.current.then(pass, pass);
    running.current = next.catch(() => undefined);
    return next;
  }, []);

  const settled = useCallback(async () => {
    await reload();
    // What was sent may change any screen: the meter, the hire's checks.
    await queryClient.invalidateQueries();
  }, [queryClient, reload]);

  const flush = useCallback(
    () =>
      exclusive(async () => {
        if (!userId) return;
        let changed = false;
        for (const write of await queuedWrites(userId)) {
          if (write.state !== 'queued' || !navigator.onLine) continue;
          const after = await sendWrite(dataProvider, write, saveWrite);
          if (after.state === 'queued') continue;
          changed = true;
          notify(after.state === 'sent' ? 'app.outbox.sent' : 'app.outbox.refused', {
            type: after.state === 'sent' ? 'success' : 'error',
            messageArgs: {
              subject: translate(`app.outbox.kinds.${after.kind}`, { subject: after.subject }),
              reason: after.message ?? '',
            },
          });
        }
        // Read back every time: the first pass is also how the outbox learns what waits.
        if (changed) await settled();
        else await reload();
      }),
    [dataProvider, exclusive, notify, reload, settled, translate, userId],
  );

  const submit = useCallback(
    async (write: NewWrite) => {
      const queued: QueuedWrite = {
        ...write,
        id: crypto.randomUUID(),
        userId,
        photos: write.photos.map((file) => ({ name: file.name, blob: file })),
        createdAtMs: Date.now(),
        state: 'queued',
        message: null,
        settledAtMs: null,
      };
      await saveWrite(queued);
      const after = navigator.onLine
        ? await exclusive(() => sendWrite(dataProvider, queued, saveWrite))
        : queued;
      if (after.state === 'queued') await reload();
      else await settled();
      return after;
    },
    [dataProvider, exclusive, reload, settled, userId],
  );

  const dismiss = useCallback(
    async (id: string) => {
      await forgetWrite(id);
      await reload();
    },
    [reload],
  );

  const waiting = writes.some((write) => write.state === 'queued');
  useEffect(() => {
    void flush();
    const online = () => void flush();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [flush]);
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => void flush(), RETRY_MS);
    return () => window.clearInterval(timer);
  }, [flush, waiting]);

  const value = useMemo(
    () => ({ writes, submit, flush, dismiss }),
    [writes, submit, flush, dismiss],
  );
  return <OutboxContext.Provider value={value}>{children}</OutboxContext.Provider>;
}
