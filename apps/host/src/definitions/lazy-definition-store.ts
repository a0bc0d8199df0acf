import { existsSync } from 'node:fs';
import type { IToolDefinitionStore } from '@acode/application';

/**
 * The definition store, opened when needed: reads of a project with no database yet see no
 * definitions and create no file; the first write (or a read once the file exists) opens it.
 * A host that manages no definition leaves the project as it found it.
 */
export function lazyDefinitionStore(file: string, open: (file: string) => IToolDefinitionStore): IToolDefinitionStore {
  let store: IToolDefinitionStore | undefined;
  const opened = (create: boolean): IToolDefinitionStore | undefined => {
    if (store === undefined && (create || existsSync(file))) store = open(file);
    return store;
  };
  return {
    list: () => opened(false)?.list() ?? [],
    get: (id) => opened(false)?.get(id),
    countCustom: () => opened(false)?.countCustom() ?? 0,
    create: (input) => opened(true)!.create(input),
    update: (id, definition) => opened(true)!.update(id, definition),
    delete: (id) => opened(false)?.delete(id),
    close: () => store?.close(),
  };
}
