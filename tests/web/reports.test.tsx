// The files and reports screens against a mocked API: a report file asked for with the machine
// list's filter shows its progress until it is made, then downloads; the files screen lists
// documents with their filter and dates in the URL, and its second tab the report files.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentRecord } from '../../src/domain/api/documents.ts';
import type { ReportFile } from '../../src/domain/api/reports.ts';
import { api, renderPortal, signedIn } from './portalHarness.tsx';
import { endpoints } from '../../src/domain/api/endpoints.ts';
import { anyOrigin } from '../support/anyOrigin.ts';

beforeAll(() => api.listen({ onUnhandledRequest: 'error' }));
afterEach(() => api.resetHandlers());
afterAll(() => api.close());

const file: ReportFile = {
  id: 'f1b2c3d4-0000-4000-8000-000000000001',
  type: 'fuel-co2',
  format: 'csv',
  start: '2026-11-02',
  end: '2026-11-08',
  status: 'queued',
  percent: 0,
  machinesDone: 0,
  machinesTotal: null,
  fileName: null,
  sizeBytes: null,
  error: null,
  scheduleId: null,
  createdAt: '2026-11-09T08:00:00.000Z',
  finishedAt: null,
};

const document: DocumentRecord = {
  id: 'd1b2c3d4-0000-4000-8000-000000000002',
  name: 'Operator manual.pdf',
  type: 'manual',
  contentType: 'application/pdf',
  sizeBytes: 245_000,
  machineId: 'm-1',
  machineName: 'NPH-1101',
  siteId: null,
  siteName: null,
  uploadedBy: 'Alex Morgan',
  createdAt: '2026-11-09T08:00:00.000Z',
};

describe('files and reports screens', () => {
  it('makes a report file with the machine list filter, shows its progress, then offers it', async () => {
    const asked: unknown[] = [];
    const progress: ReportFile[] = [
      { ...file, status: 'running', percent: 40, machinesDone: 4, machinesTotal: 10 },
      {
        ...file,
        status: 'done',
        percent: 100,
        machinesDone: 10,
        machinesTotal: 10,
        fileName: 'fuel-co2-2026-11-02-2026-11-08.csv',
        sizeBytes: 2048,
      },
    ];
    api.use(
      http.get(anyOrigin(endpoints.user.reports), () =>
        HttpResponse.json({
          reportsList: [
            {
              id: 'fleet-utilisation',
              category: 'utilisation',
              url: '/mm-reports?report=fleet-utilisation',
            },
            { id: 'fuel-co2', category: 'fuel', url: '/mm-reports?report=fuel-co2' },
          ],
        }),
      ),
      http.get(anyOrigin(endpoints.portal.sites.root), () => HttpResponse.json({ sites: [] })),
      http.post(anyOrigin(endpoints.portal.reports.files), async ({ request }) => {
        asked.push(await request.json());
        return HttpResponse.json(file, { status: 202 });
      }),
      http.get(anyOrigin(endpoints.portal.reports.filesItem), () =>
        HttpResponse.json(progress.length > 1 ? progress.shift() : progress[0]),
      ),
    );
    signedIn();
    await renderPortal('/create-reports-file?type=fuel-co2&filter=type%3AExcavator');
    expect(
      await screen.findByText('1 machine list filter', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'CSV' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create file' }));
    expect(
      await screen.findByText('40% · 4 of 10 machines', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(
      await screen.findByText('The file is ready.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(asked).toEqual([
      {
        type: 'fuel-co2',
        format: 'csv',
        start: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        end: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        filter: 'type:Excavator',
      },
    ]);
  });

  it('lists documents by the URL’s filter and dates, and report files on the second tab', async () => {
    const documentQueries: URLSearchParams[] = [];
    api.use(
      http.get(anyOrigin(endpoints.portal.files.root), ({ request }) => {
        documentQueries.push(new URL(request.url).searchParams);
        return HttpResponse.json([document], { headers: { 'content-range': 'files 0-0/1' } });
      }),
      http.get(anyOrigin(endpoints.portal.reports.files), () =>
        HttpResponse.json([{ ...file, status: 'failed', error: 'the disk is full' }], {
          headers: { 'content-range': 'reportFiles 0-0/1' },
        }),
      ),
    );
    signedIn();
    await renderPortal('/files?filter=manual&dates=2026-11-01,2026-11-30');
    const cell = await screen.findByText('Operator manual.pdf', {}, { timeout: 10_000 });
    const row = cell.closest('tr') as HTMLElement;
    expect(within(row).getByText('NPH-1101')).toBeInTheDocument();
    expect(within(row).getByText('245 kB')).toBeInTheDocument();
    expect(JSON.parse(documentQueries.at(-1)?.get('filter') ?? '{}')).toEqual({
      q: 'manual',
      from: '2026-11-01',
      to: '2026-11-30',
    });
    await userEvent.click(screen.getByRole('tab', { name: 'Report files' }));
    expect(await screen.findByText('Fuel and CO2', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('Failed')).toBeInTheDocument();
    expect(window.location.search).toBe('?showFilesTab=reports');
  });
});
