// On-hire and off-hire checks (issue 44): the checklists ('check-templates' over
// /v1/portal/check-templates: an organisation has a few, so they are paged here), a hire's checks,
// their differences, photos and the hire's sheet; and the two calls a phone's queued write makes
// (src/outbox), each with its Idempotency-Key.
import type { ApiClient } from '../api/apiClient.ts';
import type {
  CheckDifferences,
  CheckTemplate,
  CheckTemplateBody,
  HireCheck,
} from '../domain/api/checks.ts';
import type { DocumentRecord, DocumentUploadQuery } from '../domain/api/documents.ts';
import { endpoints, pathTo } from '../domain/api/endpoints.ts';
import { smallCollectionResource } from './smallCollection.ts';

export const checkKeys = {
  checks: (hireId: string) => ['hire-checks', hireId],
  differences: (hireId: string) => ['hire-check-differences', hireId],
  template: (hireId: string) => ['hire-check-template', hireId],
  photo: (hireId: string, fileId: string) => ['hire-check-photo', hireId, fileId],
};

/** The form's checklist: only what the server takes (no id or dates). */
const templateBody = (data: Partial<CheckTemplate>): Partial<CheckTemplateBody> => ({
  ...(data.name === undefined ? {} : { name: data.name }),
  ...(data.category === undefined ? {} : { category: data.category || null }),
  ...(data.items === undefined
    ? {}
    : { items: data.items.map(({ key, label, kind }) => ({ key, label, kind })) }),
});

export const checkTemplateResource = (client: ApiClient) =>
  smallCollectionResource<CheckTemplate>(
    client,
    endpoints.portal.checkTemplates,
    (data) => templateBody(data as Partial<CheckTemplate>),
    { sort: '["name","ASC"]' },
  );

export function checkCalls(client: ApiClient) {
  const { hires } = endpoints.portal;
  return {
    getHireChecks: (id: string) => client.request<HireCheck[]>(pathTo(hires.checks, { id })),
    getCheckDifferences: (id: string) =>
      client.request<CheckDifferences>(pathTo(hires.checkDifferences, { id })),
    /** The checklist this hire's checks answer; refused to a customer not allowed to record. */
    getHireCheckTemplate: (id: string) =>
      client.request<CheckTemplate>(pathTo(hires.checkTemplate, { id })),
    getHireCheckPhoto: (id: string, fileId: string) =>
      client.request<Blob>(pathTo(hires.checkPhoto, { id, fileId }), { responseType: 'blob' }),
    getHireSheet: (id: string, timeZone: string) =>
      client.request<Blob>(pathTo(hires.sheet, { id }), {
        query: { timeZone },
        responseType: 'blob',
      }),
    /** A queued photo, uploaded once however often it is sent. */
    uploadQueuedPhoto: (file: Blob, name: string, query: DocumentUploadQuery, key: string) => {
      const form = new FormData();
      form.append('file', file, name);
      return client.request<DocumentRecord>(endpoints.portal.files.root, {
        method: 'POST',
        query: { ...query },
        body: form,
        headers: { 'idempotency-key': key },
      });
    },
    /** A queued write, made once however often it is sent. */
    sendQueuedWrite: (path: string, body: unknown, key: string) =>
      client.request<unknown>(path, {
        method: 'POST',
        body,
        headers: { 'idempotency-key': key },
      }),
  };
}
