// Builds the portal once before the browser tests, so they always drive the current code.
import { build } from 'vite';

export default async function setup(): Promise<void> {
  await build({ logLevel: 'warn' });
}
