// msw matches a handler's path against the whole URL: '*' lets it answer the portal's calls to any
// origin (jsdom's page, or a test's own server).
export const anyOrigin = (path: string) => `*${path}`;
