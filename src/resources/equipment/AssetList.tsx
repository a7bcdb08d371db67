// /equipment/assets/list?filter=…&startDate=…&endDate=…&sortKey=…: every equipment asset with where
// it was at the end of the range, its days on site and the distance it moved in the range, and when
// its tracker was last heard. The URL holds the list's state (src/domain/assetListUrl.ts).
import AddLink from '@mui/icons-material/AddLink';
import { Button } from '@mui/material';
import { useState } from 'react';
import {
  DataTable,
  ListBase,
  ListView,
  SearchInput,
  SelectInput,
  TopToolbar,
  useListContext,
  useTranslate,
} from 'react-admin';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { FeatureGate } from '../../common/FeatureGate.tsx';
import { ASSET_KINDS, type EquipmentAsset } from '../../domain/api/assets.ts';
import {
  readAssetListUrl,
  writeAssetListUrl,
  type AssetListValues,
} from '../../domain/assetListUrl.ts';
import { BOUNDED_PRESETS } from '../../domain/datePresets.ts';
import { links } from '../../domain/paths.ts';
import { BatteryReading } from '../../common/DeviceHealth.tsx';
import { When } from '../../common/fields.tsx';
import { DateRangeControl } from '../../common/DateRangeControl.tsx';
import { UrlListContext, type UrlListCodec } from '../../common/UrlListContext.tsx';
import { refusedParam, useDroppedParams } from '../../common/useDroppedParams.ts';
import { useCaller } from '../../common/useCaller.ts';
import { Distance, KindChip, PrintLabelsButton } from './AssetParts.tsx';
import { usePhoneFilters } from '../../common/PhoneFilters.tsx';

const LIST_URL: UrlListCodec<AssetListValues> = {
  read: readAssetListUrl,
  write: writeAssetListUrl,
};

function ListActions() {
  const translate = useTranslate();
  const { canWrite } = useCaller();
  const { filterValues, setFilters } = useListContext();
  return (
    <TopToolbar sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
      {canWrite ? (
        <Button
          size="small"
          component={RouterLink}
          to={links.assetOnboard()}
          startIcon={<AddLink />}
        >
          {translate('app.equipment.fit_tracker')}
        </Button>
      ) : null}
      <DateRangeControl
        value={filterValues as AssetListValues}
        presets={BOUNDED_PRESETS}
        onChange={(range) => setFilters({ ...filterValues, ...range })}
      />
    </TopToolbar>
  );
}

/** The asset's trackers with their batteries: a location-only tracker runs on its own cell. */
function Trackers({ asset }: { asset: EquipmentAsset }) {
  const translate = useTranslate();
  if (asset.trackers.length === 0) return <>{translate('app.equipment.no_tracker')}</>;
  return (
    <>
      {asset.trackers.map((tracker) => (
        <div key={tracker.id}>
          {tracker.code} <BatteryReading sensor={tracker} />
        </div>
      ))}
    </>
  );
}

function SelectedLabels() {
  const { selectedIds } = useListContext();
  return <PrintLabelsButton ids={selectedIds.map(String)} />;
}

function AssetListView() {
  const translate = useTranslate();
  const [params] = useSearchParams();
  const kinds = ASSET_KINDS.map((kind) => ({
    id: kind,
    name: translate(`app.equipment.kinds.${kind}`),
  }));
  return (
    <ListView
      title={translate('resources.equipment/assets.name', { smart_count: 2 })}
      filters={usePhoneFilters([
        <SearchInput key="q" source="q" alwaysOn />,
        <SelectInput key="kind" source="kind" choices={kinds} alwaysOn />,
      ])}
      actions={<ListActions />}
    >
      <DataTable<EquipmentAsset>
        bulkActionButtons={<SelectedLabels />}
        rowClick={(id) =>
          links.assetDetails(String(id), {
            startDate: params.get('startDate'),
            endDate: params.get('endDate'),
          })
        }
      >
        <DataTable.Col source="name" />
        <DataTable.Col source="assetNumber" disableSort />
        <DataTable.Col
          source="kind"
          disableSort
          render={(asset) => <KindChip kind={asset.kind} />}
        />
        <DataTable.Col
          source="siteName"
          render={(asset) => asset.siteName ?? translate('app.equipment.off_site')}
        />
        <DataTable.Col source="daysOnSite" align="right" />
        <DataTable.Col
          source="distanceM"
          align="right"
          render={(asset) => <Distance metres={asset.distanceM} />}
        />
        <DataTable.Col source="lastSeenAt" render={(asset) => <When value={asset.lastSeenAt} />} />
        <DataTable.Col
          source="trackers"
          disableSort
          render={(asset: EquipmentAsset) => <Trackers asset={asset} />}
        />
      </DataTable>
    </ListView>
  );
}

export function AssetList() {
  const [params] = useSearchParams();
  const drop = useDroppedParams([]);
  // The URL at the first render starts the list's controller; UrlListContext moves it after.
  const [initial] = useState(() => readAssetListUrl(params, new Date()));
  return (
    <FeatureGate flag="navigation.equipment">
      <ListBase
        resource="equipment/assets"
        perPage={25}
        disableSyncWithLocation
        sort={initial.sort}
        filterDefaultValues={initial.filterValues}
        exporter={false}
        queryOptions={{
          onError: (error: unknown) => {
            // A range the server will not read (too long) goes whole: its two ends belong together.
            const refused = refusedParam(error);
            if (refused === 'startDate' || refused === 'endDate') drop(['startDate', 'endDate']);
            else if (refused) drop([refused]);
          },
        }}
      >
        <UrlListContext codec={LIST_URL}>
          <AssetListView />
        </UrlListContext>
      </ListBase>
    </FeatureGate>
  );
}

export default AssetList;
