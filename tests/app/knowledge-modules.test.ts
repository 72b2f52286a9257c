// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { KyKnowledgeAdminApi } from '../../src/adapters/ky/ky-knowledge-admin-api.adapter';
import { KyKnowledgeApi } from '../../src/adapters/ky/ky-knowledge-api.adapter';
import { uiServicesOf } from '../../src/app/container-context';
import { createContainer } from '../../src/app/container';
import { sendNodeChange } from '../../src/app/knowledge-admin.module';
import { refused } from '../../src/domain/shared/refused';
import type { KnowledgeAdminApiPort } from '../../src/ports/knowledge-api.port';
import { KnowledgeAdminApiToken, KnowledgeApiToken } from '../../src/ports/api-tokens';
import { KnowledgeAdminMachinesToken } from '../../src/ui/knowledge-admin/knowledge-admin-machines';
import { KnowledgeMachinesToken } from '../../src/ui/knowledge/knowledge-machines';

describe('knowledge modules', () => {
  it('bind the reading and staff calls, and the views reach the areas\' machines by token', () => {
    const container = createContainer();
    expect(container.get(KnowledgeApiToken)).toBeInstanceOf(KyKnowledgeApi);
    expect(container.get(KnowledgeAdminApiToken)).toBeInstanceOf(KyKnowledgeAdminApi);
    const services = uiServicesOf(container);
    const machines = services.get(KnowledgeMachinesToken);
    expect(Object.keys(machines).sort()).toEqual(['article', 'bookshelf', 'libraryBrowser', 'search']);
    expect(machines.search.id).toBe('knowledgeSearch');
    const admin = services.get(KnowledgeAdminMachinesToken);
    expect(Object.keys(admin).sort()).toEqual(['articleEditor', 'libraryEditor', 'uploadImage']);
    expect(admin.libraryEditor.id).toBe('libraryEditor');
  });

  it("send the library editor's folder changes as SaveNode, MoveNode and DeleteNode", async () => {
    const api = {
      saveNode: vi.fn(async (body: { Id?: number }) => ({ kind: 'saved' as const, id: body.Id ?? 99 })),
      moveNode: vi.fn(async () => ({ kind: 'done' as const })),
      deleteNode: vi.fn(async () => refused('The folder still holds folders or articles: move or delete them first')),
    } as unknown as KnowledgeAdminApiPort;
    const signal = new AbortController().signal;
    expect(await sendNodeChange(api, { kind: 'add', library: 'knowledge', parentId: 4, name: '切割头', nameEn: 'Cutting heads' }, signal)).toEqual({ kind: 'done', addedId: 99 });
    expect(api.saveNode).toHaveBeenLastCalledWith({ Library: 'knowledge', ParentId: 4, Name: '切割头', NameEn: 'Cutting heads' }, signal);
    const rename = { kind: 'rename', library: 'knowledge', id: 7, parentId: 6, name: '喷嘴', nameEn: 'Nozzles', sort: 2 } as const;
    expect(await sendNodeChange(api, rename, signal)).toEqual({ kind: 'done', addedId: null });
    expect(api.saveNode).toHaveBeenLastCalledWith({ Id: 7, Library: 'knowledge', ParentId: 6, Name: '喷嘴', NameEn: 'Nozzles', Sort: 2 }, signal);
    expect(await sendNodeChange(api, { kind: 'move', id: 7, parentId: 4 }, signal)).toEqual({ kind: 'done', addedId: null });
    expect(api.moveNode).toHaveBeenCalledWith(7, 4, signal);
    expect(await sendNodeChange(api, { kind: 'delete', id: 6 }, signal)).toEqual(refused('The folder still holds folders or articles: move or delete them first'));
    expect(api.deleteNode).toHaveBeenCalledWith(6, signal);
  });
});
