// /files?filter=…&dates=…&showFilesTab=…: the organisation's documents (on machines, sites or
// itself: upload, search, download, delete) and, on the second tab, the user's report files with
// their progress (download when made). The URL holds each tab's state (src/domain/filesUrl.ts).
import Download from '@mui/icons-material/Download';
import NoteAdd from '@mui/icons-material/NoteAdd';
import { Box, Button, Chip, IconButton, LinearProgress, Tab, Tabs, Tooltip } from '@mui/material';
import { useState } from 'react';
import {
  DataTable,
  DeleteButton,
  ListBase,
  ListView,
  SearchInput,
  SelectInput,
  TopToolbar,
  useDataProvider,
  useTranslate,
} from 'react-admin';
import { DayInput } from '../../common/pickerInputs.tsx';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { DOCUMENT_TYPES, type DocumentRecord } from '../../domain/api/documents.ts';
import { REPORT_FILE_STATUSES, REPORT_TYPES, type ReportFile } from '../../domain/api/reports.ts';
import {
  filesTabOf,
  readFilesUrl,
  writeFilesUrl,
  type FilesListValues,
  type FilesTab,
} from '../../domain/filesUrl.ts';
import { links } from '../../domain/paths.ts';
import { When } from '../../common/fields.tsx';
import { UrlListContext, type UrlListCodec } from '../../common/UrlListContext.tsx';
import { useCaller } from '../../common/useCaller.ts';
import { saveBlob } from '../../common/saveBlob.ts';
import { useFeature } from '../../settings/useFeature.ts';
import { UploadDocumentButton } from './UploadDocument.tsx';
import { useFormat } from '../../common/useFormat.ts';

const codecOf = (tab: FilesTab): UrlListCodec<FilesListValues> => ({
  read: (params) => readFilesUrl(params),
  write: (state) => writeFilesUrl(tab, state),
});

/** Bytes as people read them. */
function Size({ bytes }: { bytes: number | null }) {
  const format = useFormat();
  return bytes === null ? null : <>{format.bytes(bytes)}</>;
}

function DownloadButton({ onClick }: { onClick: () => void }) {
  const translate = useTranslate();
  return (
    <Tooltip title={translate('app.files.download')}>
      <IconButton size="small" aria-label={translate('app.files.download')} onClick={onClick}>
        <Download fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

function useChoices(prefix: string, ids: readonly string[]) {
  const translate = useTranslate();
  return ids.map((id) => ({ id, name: translate(`${prefix}.${id}`) }));
}

function DocumentList() {
  const translate = useTranslate();
  const { canWrite } = useCaller();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [params] = useSearchParams();
  const machineId = params.get('machineId') ?? undefined;
  const types = useChoices('app.files.types', DOCUMENT_TYPES);
  const scopes = useChoices('app.files.scopes', ['machine', 'site', 'organisation']);
  const download = async (document: DocumentRecord) =>
    saveBlob(await dataProvider.downloadDocument(document.id), document.name);
  return (
    <ListView
      title={translate('app.files.title')}
      filters={[
        <SearchInput key="q" source="q" alwaysOn />,
        <SelectInput key="type" source="type" choices={types} alwaysOn />,
        <SelectInput key="scope" source="scope" choices={scopes} alwaysOn />,
        <DayInput key="from" source="from" alwaysOn />,
        <DayInput key="to" source="to" alwaysOn />,
      ]}
      actions={
        <TopToolbar>{canWrite ? <UploadDocumentButton machineId={machineId} /> : null}</TopToolbar>
      }
      empty={false}
    >
      <DataTable<DocumentRecord> rowClick={false} bulkActionButtons={false}>
        <DataTable.Col source="name" />
        <DataTable.Col source="type" render={(d) => translate(`app.files.types.${d.type}`)} />
        <DataTable.Col
          source="on"
          disableSort
          render={(d: DocumentRecord) =>
            d.machineName ?? d.siteName ?? translate('app.files.scopes.organisation')
          }
        />
        <DataTable.Col
          source="sizeBytes"
          align="right"
          render={(d) => <Size bytes={d.sizeBytes} />}
        />
        <DataTable.Col source="createdAt" render={(d) => <When value={d.createdAt} />} />
        <DataTable.Col source="uploadedBy" disableSort />
        <DataTable.Col
          source="actions"
          disableSort
          label=""
          render={(d: DocumentRecord) => (
            <Box sx={{ display: 'flex' }}>
              <DownloadButton onClick={() => void download(d)} />
              {canWrite ? <DeleteButton record={d} redirect={false} label="" /> : null}
            </Box>
          )}
        />
      </DataTable>
    </ListView>
  );
}

function ReportFileStatus({ file }: { file: ReportFile }) {
  const translate = useTranslate();
  if (file.status === 'queued' || file.status === 'running') {
    return (
      <Box sx={{ minWidth: 120 }}>
        <LinearProgress variant="determinate" value={file.percent} />
        {file.percent}%
      </Box>
    );
  }
  return (
    <Tooltip title={file.error ?? ''}>
      <Chip
        size="small"
        color={file.status === 'done' ? 'success' : 'error'}
        label={translate(`app.files.statuses.${file.status}`)}
      />
    </Tooltip>
  );
}

function ReportFileList() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const types = useChoices('app.reports.types', REPORT_TYPES);
  const statuses = useChoices('app.files.statuses', REPORT_FILE_STATUSES);
  const download = async (file: ReportFile) =>
    saveBlob(
      await dataProvider.downloadReportFile(file.id),
      file.fileName ?? `${file.type}.${file.format}`,
    );
  return (
    <ListView
      title={translate('app.files.title')}
      filters={[
        <SelectInput key="type" source="type" choices={types} alwaysOn />,
        <SelectInput key="status" source="status" choices={statuses} alwaysOn />,
        <DayInput key="from" source="from" alwaysOn />,
        <DayInput key="to" source="to" alwaysOn />,
      ]}
      actions={
        <TopToolbar>
          <Button
            size="small"
            component={RouterLink}
            to={links.createReportsFile()}
            startIcon={<NoteAdd />}
          >
            {translate('app.files.new_report')}
          </Button>
        </TopToolbar>
      }
      empty={false}
    >
      <DataTable<ReportFile> rowClick={false} bulkActionButtons={false}>
        <DataTable.Col source="type" render={(f) => translate(`app.reports.types.${f.type}`)} />
        <DataTable.Col source="format" disableSort render={(f) => f.format.toUpperCase()} />
        <DataTable.Col
          source="range"
          disableSort
          render={(f: ReportFile) => (f.start === f.end ? f.start : `${f.start} – ${f.end}`)}
        />
        <DataTable.Col source="status" render={(f: ReportFile) => <ReportFileStatus file={f} />} />
        <DataTable.Col
          source="scheduleId"
          disableSort
          render={(f: ReportFile) => (f.scheduleId ? translate('app.files.scheduled') : '')}
        />
        <DataTable.Col
          source="sizeBytes"
          align="right"
          render={(f) => <Size bytes={f.sizeBytes} />}
        />
        <DataTable.Col source="createdAt" render={(f) => <When value={f.createdAt} />} />
        <DataTable.Col
          source="actions"
          disableSort
          label=""
          render={(f: ReportFile) => (
            <Box sx={{ display: 'flex' }}>
              {f.status === 'done' ? <DownloadButton onClick={() => void download(f)} /> : null}
              <DeleteButton record={f} redirect={false} label="" />
            </Box>
          )}
        />
      </DataTable>
    </ListView>
  );
}

/** While a file is being made, its row's progress is asked for again every few seconds. */
const REPORT_FILES_POLL_MS = 3000;

export function FilesPage() {
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  // Without the documents module the screen holds the report files alone.
  const documentsOn = useFeature('modules.documents') !== false;
  const tab = documentsOn ? filesTabOf(params) : 'reports';
  const [initial] = useState(() => readFilesUrl(params));
  const resource = tab === 'documents' ? 'files' : 'reports/files';
  return (
    <Box>
      <Tabs
        value={tab}
        onChange={(_event, next: FilesTab) =>
          setParams(next === 'reports' ? { showFilesTab: 'reports' } : {})
        }
        sx={{ px: 2 }}
      >
        {documentsOn ? <Tab value="documents" label={translate('app.files.documents')} /> : null}
        <Tab value="reports" label={translate('app.files.report_files')} />
      </Tabs>
      <ListBase
        key={tab}
        resource={resource}
        perPage={25}
        disableSyncWithLocation
        sort={initial.sort}
        filterDefaultValues={initial.filterValues}
        exporter={false}
        queryOptions={
          tab === 'reports'
            ? {
                refetchInterval: (query) =>
                  (query.state.data?.data ?? []).some(
                    (f: ReportFile) => f.status === 'queued' || f.status === 'running',
                  )
                    ? REPORT_FILES_POLL_MS
                    : false,
              }
            : {}
        }
      >
        <UrlListContext codec={codecOf(tab)}>
          {tab === 'documents' ? <DocumentList /> : <ReportFileList />}
        </UrlListContext>
      </ListBase>
    </Box>
  );
}

export default FilesPage;
