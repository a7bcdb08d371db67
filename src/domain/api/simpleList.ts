// The query of a ra-data-simple-rest list: sort, range and filter, each JSON text that the server
// reads and checks (server/simpleRest.ts).
import Type from 'typebox';

export const SimpleListQuery = Type.Object(
  {
    sort: Type.Optional(Type.String({ maxLength: 200 })),
    range: Type.Optional(Type.String({ maxLength: 100 })),
    filter: Type.Optional(Type.String({ maxLength: 1000 })),
  },
  { additionalProperties: false },
);
