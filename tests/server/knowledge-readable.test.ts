import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { StorageSessionStore } from '../../src/adapters/local-storage/session-store.adapter';
import { knowledgeSearchMachine } from '../../src/domain/knowledge/knowledge-search.machine';
import { LIBRARIES, type Library } from '../../src/domain/knowledge/library';
import type { KeyValueStoragePort, StorageKey } from '../../src/ports/key-value-storage.port';
import { searchInputOf, selectKnowledgeSearch } from '../../src/ui/knowledge/knowledge-search.selectors';
import { createCustomer, type TestCustomer } from '../support/customers';
import { createTestPortal, type TestPortal } from '../support/test-portal';

// Which libraries a caller may read is one rule (domain/knowledge/library.ts readableLibraries):
// the browser offers those in the search chips, the server answers those (search scope, and the
// access of each library's tree and contents calls). The same cases run against both.

let portal: TestPortal;
let customer: TestCustomer;
beforeAll(async () => {
  portal = await createTestPortal();
  customer = await createCustomer(portal, 'readable');
});
afterAll(() => portal.close());

interface Case {
  who: string;
  /** What the browser has stored; `token` is the customer's session. */
  stored: () => Partial<Record<StorageKey, string>>;
  readable: readonly Library[];
}

const CASES: Case[] = [
  { who: 'a visitor', stored: () => ({ isVisitor: 'true' }), readable: ['knowledge', 'download'] },
  { who: 'someone with no session', stored: () => ({}), readable: ['knowledge', 'download'] },
  { who: 'a logged-in customer', stored: () => ({ token: customer.token, userId: customer.userId }), readable: ['knowledge', 'download', 'guide', 'faults'] },
  { who: 'a logged-in customer on the visitor tabs', stored: () => ({ token: customer.token, isVisitor: 'true' }), readable: ['knowledge', 'download', 'guide', 'faults'] },
];

/** The browser's session over what it has stored. */
function sessionOf(stored: Partial<Record<StorageKey, string>>) {
  const values = new Map(Object.entries(stored) as Array<[StorageKey, string]>);
  const storage: KeyValueStoragePort = {
    get: (key) => values.get(key) ?? null,
    set: (key, value) => void values.set(key, value),
    remove: (key) => void values.delete(key),
    clearExcept: () => values.clear(),
  };
  return new StorageSessionStore(storage);
}

/** The libraries the search panel offers (its chips), and those its machine lets the caller choose. */
function offeredByTheBrowser(stored: Partial<Record<StorageKey, string>>) {
  const session = sessionOf(stored);
  const chips = selectKnowledgeSearch(createActor(knowledgeSearchMachine, { input: searchInputOf(session) }).getSnapshot(), session.isVisitor()).libraries;
  const choosable = LIBRARIES.filter((library) => {
    const actor = createActor(knowledgeSearchMachine, { input: searchInputOf(session) }).start();
    actor.send({ type: 'library.set', library });
    const chosen = actor.getSnapshot().context.library === library;
    actor.stop();
    return chosen;
  });
  return { chips: [...chips], choosable };
}

/** The libraries the server answers: searched by name, and their tree and contents calls. */
async function answeredByTheServer(token: string | undefined) {
  const searched: Library[] = [];
  const browsed: Library[] = [];
  for (const library of LIBRARIES) {
    const search = await portal.call('KnowledgeClassify/SearchAllowAnonymous', { Keyword: 'nozzle', Library: library }, token);
    if (search.body.code === 200) searched.push(library);
    else expect(search.body.code, `search of ${library}`).toBe(403);
    const tree = await portal.call(treePath(library), {}, token);
    const contents = await portal.call(contentsPath(library), {}, token);
    expect(contents.body.code === 200, `contents of ${library} answered as the tree was`).toBe(tree.body.code === 200);
    if (tree.body.code === 200) browsed.push(library);
    else expect(tree.status, `tree of ${library}`).toBe(401);
  }
  return { searched, browsed };
}

const CALLS: Record<Library, [tree: string, contents: string]> = {
  knowledge: ['KnowledgeClassify/GetJstreeDataAllowAnonymous', 'KnowledgeClassify/GetContentsAllowAnonymous'],
  download: ['SoftwareDownload/GetJstreeData', 'SoftwareDownload/GetContents'],
  guide: ['OperationGuide/GetJstreeData', 'OperationGuide/GetContents'],
  faults: ['CommonFaults/GetJstreeData', 'CommonFaults/GetContents'],
};
const treePath = (library: Library) => CALLS[library][0];
const contentsPath = (library: Library) => CALLS[library][1];

describe('the libraries a caller may read, in the browser and on the server', () => {
  for (const c of CASES) {
    it(`${c.who}: offered ${c.readable.join(', ')} and answered the same`, async () => {
      const stored = c.stored();
      const browser = offeredByTheBrowser(stored);
      expect(browser.chips).toEqual(c.readable);
      expect(browser.choosable).toEqual(c.readable);
      const server = await answeredByTheServer(stored.token);
      expect(server.searched).toEqual(c.readable);
      expect(server.browsed).toEqual(c.readable);
    });
  }
});
