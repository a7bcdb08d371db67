// The sensors module's face: sensors and their readings. app.ts registers sensorsModule; other
// modules may call only what is exported here.
import type { PortalModule } from '../../context.ts';
import { sensorAttachmentRoutes } from './attachmentRoutes.ts';
import { labelRoutes } from './labelRoutes.ts';
import { sensorRoutes } from './routes.ts';

export { organisationSensors, problemsOf } from './service.ts';

export const sensorsModule: PortalModule = {
  name: 'sensors',
  routes: async (app, context) => {
    const withRollups = { ...context, rollups: context.pipeline.rollups };
    await app.register(sensorRoutes, withRollups);
    await app.register(sensorAttachmentRoutes, withRollups);
    await app.register(labelRoutes, context);
  },
};
