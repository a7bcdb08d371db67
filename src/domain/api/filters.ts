// GET /v1/portal/filters and the saved filters (spec point 7, "Filters").
import Type, { type Static } from 'typebox';
import { RangeBound } from './dates.ts';

export const FilterOption = Type.Object({
  /** `group:key`, unique across the categories. */
  id: Type.String(),
  group: Type.String(),
  key: Type.String(),
  name: Type.String(),
  label: Type.String(),
});
export type FilterOption = Static<typeof FilterOption>;

export const Filter = Type.Object({
  id: Type.String(),
  name: Type.String(),
  options: Type.Array(FilterOption),
});
export type Filter = Static<typeof Filter>;

export const FiltersQuery = Type.Object(
  {
    start: Type.Optional(RangeBound),
    end: Type.Optional(RangeBound),
    /** The page asking, e.g. machines; every page gets the machine categories today. */
    page: Type.Optional(Type.String({ maxLength: 40 })),
    show: Type.Optional(Type.Enum(['active', 'archived', 'all'])),
  },
  { additionalProperties: false },
);
export const FiltersReply = Type.Object({ filters: Type.Array(Filter) });
export type FiltersReply = Static<typeof FiltersReply>;

const Label = Type.String({ minLength: 1, maxLength: 60 });
const Name = Type.String({ minLength: 1, maxLength: 100 });

export const SavedFiltersQuery = Type.Object(
  {
    /** Only the caller's own saved filters can be read; a user_id other than the caller's is 403. */
    user_id: Type.Optional(Type.String({ format: 'uuid' })),
    name: Type.Optional(Name),
    label: Type.Optional(Label),
  },
  { additionalProperties: false },
);
export const SavedFilter = Type.Object({
  filterID: Type.String(),
  name: Type.String(),
  label: Type.String(),
  /** The encoded filter query (src/domain/filterQuery.ts). */
  filters: Type.String(),
});
export type SavedFilter = Static<typeof SavedFilter>;
export const SavedFiltersReply = Type.Object({ savedFilters: Type.Array(SavedFilter) });
export type SavedFiltersReply = Static<typeof SavedFiltersReply>;

export const SavedFilterKey = Type.Object(
  { name: Name, label: Label },
  { additionalProperties: false },
);
export const SaveFilterBody = Type.Object(
  { filters: Type.String({ minLength: 1, maxLength: 4000 }) },
  { additionalProperties: false },
);
export const SaveFilterReply = Type.Object({ filterID: Type.String(), name: Type.String() });
