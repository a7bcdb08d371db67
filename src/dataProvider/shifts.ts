// react-admin's standard methods for 'admin/shifts': the organisation's few shifts, sorted and
// paged here; a save sends the form's fields only.
import type {
  CreateParams,
  DeleteParams,
  GetListParams,
  GetManyParams,
  GetOneParams,
  UpdateParams,
} from 'ra-core';
import type { ApiClient } from '../api/apiClient.ts';
import type { ShiftBody, ShiftRecord, ShiftsReply } from '../domain/api/shifts.ts';
import { endClockForApi, endClockForForm } from '../domain/shifts.ts';
import { endpoints, pathTo } from '../domain/api/endpoints.ts';

const path = (id?: string) =>
  id ? pathTo(endpoints.portal.shifts.item, { id }) : endpoints.portal.shifts.root;

/** The record as the form edits it. */
function forForm(record: ShiftRecord): ShiftRecord {
  return {
    ...record,
    days: record.days.map((day) => ({
      ...day,
      end: endClockForForm(day.end),
      breaks: day.breaks.map((pause) => ({ ...pause, end: endClockForForm(pause.end) })),
    })),
  };
}

function bodyOf(data: Partial<ShiftBody>): ShiftBody {
  return {
    name: data.name ?? '',
    isDefault: data.isDefault === true,
    siteIds: data.siteIds ?? [],
    days: (data.days ?? []).map((day) => ({
      weekday: Number(day.weekday),
      start: day.start,
      end: endClockForApi(day.end),
      breaks: (day.breaks ?? []).map(({ start, end }) => ({ start, end: endClockForApi(end) })),
    })),
  };
}

export function shiftResource(client: ApiClient) {
  const all = async () => (await client.request<ShiftsReply>(path())).shifts;
  return {
    getList: async (params: GetListParams) => {
      const rows = await all();
      const { page = 1, perPage = 25 } = params.pagination ?? {};
      return { data: rows.slice((page - 1) * perPage, page * perPage), total: rows.length };
    },
    getOne: async (params: GetOneParams) => ({
      data: forForm(await client.request<ShiftRecord>(path(String(params.id)))),
    }),
    getMany: async (params: GetManyParams) => ({
      data: (await all()).filter((row) => params.ids.map(String).includes(row.id)),
    }),
    create: async (params: CreateParams) => ({
      data: forForm(
        await client.request<ShiftRecord>(path(), {
          method: 'POST',
          body: bodyOf(params.data as ShiftBody),
        }),
      ),
    }),
    update: async (params: UpdateParams) => ({
      data: forForm(
        await client.request<ShiftRecord>(path(String(params.id)), {
          method: 'PUT',
          body: bodyOf(params.data as ShiftBody),
        }),
      ),
    }),
    delete: async (params: DeleteParams) => {
      await client.request(path(String(params.id)), { method: 'DELETE' });
      return { data: params.previousData ?? { id: params.id } };
    },
  };
}
