// The oemFeeds module's face: manufacturers' telematics feeds (AEMP and the like). app.ts registers oemFeedsModule; other modules may call only what
// is exported here.
import type { PortalModule } from '../../context.ts';
import { oemFeedRoutes } from './routes.ts';

export const oemFeedsModule: PortalModule = {
  name: 'oemFeeds',
  routes: async (app, context) => {
    await app.register(oemFeedRoutes, { ...context, oemFeeds: context.pipeline.oemFeeds });
  },
};
