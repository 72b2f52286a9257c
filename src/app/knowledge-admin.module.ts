import { ContainerModule } from 'inversify';
import { KyKnowledgeAdminApi } from '../adapters/ky/ky-knowledge-admin-api.adapter';
import { KyPortalHttpAdapter } from '../adapters/ky/ky-portal-http.adapter';
import { KnowledgeAdminApiToken, PortalUploadToken } from '../ports/tokens';

/** The staff page's bindings: the KnowledgeAdmin calls and the multipart uploads they use. */
export const knowledgeAdminModule = new ContainerModule(({ bind }) => {
  bind(PortalUploadToken).to(KyPortalHttpAdapter).inSingletonScope();
  bind(KnowledgeAdminApiToken).to(KyKnowledgeAdminApi).inSingletonScope();
});
