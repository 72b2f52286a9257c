import { existsSync } from 'node:fs';
import path from 'node:path';
import { LIBRARIES } from '../domain/knowledge/library';
import type { Services } from '../server/compose';
import { importContent, type ImportReport } from '../server/services/knowledge/content-import';

/** The library content that ships with the portal (ADR 0007): imported on a first start. */
export const CONTENT_DIR = path.resolve(import.meta.dirname, '../../content/library');

/**
 * Creates the libraries' roots and branches, and imports the shipped content while the libraries
 * hold no article at all (a fresh database); later starts leave what staff wrote alone.
 */
export async function seedKnowledge(services: Services, dir = CONTENT_DIR): Promise<ImportReport | null> {
  await services.knowledgeAdmin.ensureLibraries();
  for (const library of LIBRARIES) {
    const { total } = await services.knowledgeStore.articles(library, {}, { offset: 0, limit: 1 });
    if (total > 0) return null;
  }
  if (!existsSync(dir)) return null;
  return importContent(dir, { store: services.knowledgeStore, files: services.files, admin: services.knowledgeAdmin });
}
