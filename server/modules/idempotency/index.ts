// The idempotency module's face: the Idempotency-Key header honoured on every write by a signed-in
// caller (hooks.ts). It has no routes of its own; app.ts registers its hooks before the audit
// trail's.
export { registerIdempotency } from './hooks.ts';
export { IDEMPOTENCY_KEEP_HOURS } from './store.ts';
