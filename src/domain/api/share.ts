// POST /v1/portal/maps/share/latest_location/{id} (spec point 7, "Maps") and the read-only page's
// GET /v1/shared/latest_location/{token}: a machine's latest location, shared by a link that
// expires.
import Type, { type Static } from 'typebox';
import { TileLayer } from './mapLayers.ts';

const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** How long a shared link works. */
export const SHARE_LINK_HOURS = 24;
export const MAX_SHARE_RECIPIENTS = 20;
/** A phone number as people write it: digits, an optional leading +, spaces, dashes, brackets. */
export const PHONE_NUMBER = '^\\+?[0-9][0-9 ()-]{5,22}$';

export const ShareLocationBody = Type.Object(
  {
    emailList: Type.Array(Type.String({ format: 'email', maxLength: 254 }), {
      maxItems: MAX_SHARE_RECIPIENTS,
      default: [],
    }),
    whatsappNumberList: Type.Array(Type.String({ pattern: PHONE_NUMBER }), {
      maxItems: MAX_SHARE_RECIPIENTS,
      default: [],
    }),
    /** Also mail the link to the one sharing it. */
    includeSelf: Type.Boolean({ default: false }),
  },
  { additionalProperties: false },
);
export type ShareLocationBody = Static<typeof ShareLocationBody>;

export const ShareLocationReply = Type.Object({
  /** The read-only page. */
  url: Type.String(),
  expiresAt: Type.String(),
  /** The addresses mailed (through the outbox). */
  emailed: Type.Array(Type.String()),
  /** A WhatsApp link per number, with the message filled in, for the sharer to open. */
  whatsappLinks: Type.Array(Type.Object({ number: Type.String(), url: Type.String() })),
});
export type ShareLocationReply = Static<typeof ShareLocationReply>;

export const SharedLocationReply = Type.Object({
  machine: Type.Object({ name: Type.String(), assetId: Nullable(Type.String()) }),
  /** Who shared it. */
  organisation: Type.String(),
  location: Nullable(
    Type.Object({ latitude: Type.Number(), longitude: Type.Number(), lastUpdated: Type.String() }),
  ),
  expiresAt: Type.String(),
  /** The base maps the page may draw under it (the page has no session to ask for them). */
  layers: Type.Array(TileLayer),
});
export type SharedLocationReply = Static<typeof SharedLocationReply>;

/** The digits wa.me wants: the international number without + or separators. */
export const whatsappDigits = (number: string) => number.replace(/\D/g, '');
