// Shared by the adapters that receive JSON (Digital Matter, LoRaWAN): one error naming the bad
// field, and the checks every such payload needs.

/** A JSON payload that cannot be decoded; `field` is the dotted path of the culprit. */
export class PayloadDecodeError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

export type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
