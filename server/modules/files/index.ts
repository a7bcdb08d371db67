// The files module's face: documents filed against machines and sites. app.ts registers filesModule; other modules may call only what
// is exported here.
import type { PortalModule } from '../../context.ts';
import { documentRoutes } from './routes.ts';

export { addDocument, documentBytes, isOrganisationDocument } from './documents.ts';

export const filesModule: PortalModule = { name: 'files', routes: documentRoutes };
