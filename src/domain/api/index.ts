// The typed /v1 contract: one declaration used by the server's validation and the portal's provider.
export * from './errors.ts';
export * from './auth.ts';
export * from './session.ts';
export * from './machines.ts';
export * from './ingest.ts';
export * from './oemFeeds.ts';
export * from './machineActivity.ts';
export * from './filters.ts';
