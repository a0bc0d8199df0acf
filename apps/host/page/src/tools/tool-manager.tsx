import { useCallback, useEffect, useState } from 'preact/hooks';
import { HostError, type HostApi, type StreamState } from '../api.js';
import { ModalDialog } from '../modal-dialog.js';
import { useNotify } from '../notice.js';
import { sourceLabel, type DefinitionEntry } from './definition-entry.js';
import { DefinitionEditor } from './definition-editor.js';

/** The events that change the list. */
const CHANGES = new Set(['ToolDefinitionCreated', 'ToolDefinitionUpdated', 'ToolDefinitionDeleted']);

/**
 * The Tool Manager: every tool models may call (stored ones editable, the rest read-only), a
 * search, and a dialog to create, edit or read one. Follows `/v1/events` to stay current.
 */
export function ToolManager(props: { api: HostApi }) {
  const { api } = props;
  const notify = useNotify();
  const [definitions, setDefinitions] = useState<readonly DefinitionEntry[] | undefined>();
  const [loadError, setLoadError] = useState<string | undefined>();
  const [query, setQuery] = useState('');
  const [opened, setOpened] = useState<{ entry: DefinitionEntry | undefined } | undefined>();
  const [connection, setConnection] = useState<StreamState | undefined>();

  const refresh = useCallback(async () => {
    try {
      const answer = await api.getJson<{ definitions: DefinitionEntry[] }>('/v1/definitions');
      setDefinitions(answer.definitions);
      setLoadError(undefined);
    } catch (error) {
      setLoadError(error instanceof HostError ? `${error.message} (${error.code})` : `The host cannot be reached: ${String(error)}`);
    }
  }, [api]);

  useEffect(() => {
    void refresh();
    const controller = new AbortController();
    void api.stream(
      '/v1/events',
      (event) => {
        if (CHANGES.has(event.event)) void refresh();
      },
      controller.signal,
      (state) => {
        setConnection(state);
        // Anything missed while disconnected.
        if (state.state === 'open') void refresh();
      },
    );
    return () => controller.abort();
  }, [api, refresh]);

  const close = useCallback(() => setOpened(undefined), []);

  const saved = (entry: DefinitionEntry, created: boolean) => {
    setOpened(undefined);
    notify({ kind: 'ok', text: `${entry.name} ${entry.version} ${created ? 'created' : 'saved'}.` });
    void refresh();
  };

  const remove = async (entry: DefinitionEntry) => {
    if (entry.id === null || !window.confirm(`Delete ${entry.name} ${entry.version}? Models can no longer call it.`)) return;
    try {
      await api.send('DELETE', `/v1/definitions/${encodeURIComponent(entry.id)}`);
      notify({ kind: 'ok', text: `${entry.name} ${entry.version} deleted.` });
      void refresh();
      document.getElementById('new-definition')?.focus();
    } catch (error) {
      notify({ kind: 'error', text: `${entry.name} was not deleted: ${error instanceof HostError ? `${error.message} (${error.code})` : String(error)}` });
    }
  };

  const needle = query.trim().toLowerCase();
  const shown = (definitions ?? []).filter(
    (entry) => needle === '' || entry.name.toLowerCase().includes(needle) || (entry.definition.description ?? '').toLowerCase().includes(needle),
  );
  const storedCount = (definitions ?? []).filter((entry) => !entry.locked).length;

  return (
    <section class="tool-manager" aria-labelledby="tools-heading">
      <div class="view-heading">
        <h2 id="tools-heading">Tools</h2>
        <p class="connection" id="connection">
          {connection === undefined ? 'Connecting…' : connection.state === 'open' ? 'Live: changes appear as they happen.' : `Reconnecting in ${Math.round(connection.retryInMs / 1000)} s (${connection.reason}).`}
        </p>
      </div>
      <div class="toolbar">
        <div class="field search">
          <label for="tool-search">Search tools</label>
          <input id="tool-search" type="search" placeholder="Name or description" value={query} onInput={(event) => setQuery(event.currentTarget.value)} aria-describedby="list-status" />
        </div>
        <button type="button" class="primary" id="new-definition" onClick={() => setOpened({ entry: undefined })}>
          New tool
        </button>
      </div>
      <p id="list-status" class="hint" aria-live="polite">
        {loadError ??
          (definitions === undefined
            ? 'Loading…'
            : `${shown.length === definitions.length ? definitions.length : `${shown.length} of ${definitions.length}`} tools shown; ${storedCount} stored and editable.`)}
      </p>
      <div class="table-scroll">
        <table class="tools-table">
          <caption class="visually-hidden">Tools models may call</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Version</th>
              <th scope="col">Source</th>
              <th scope="col">Description</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((entry) => (
              <tr key={`${entry.name}@${entry.version}`} data-name={entry.name}>
                <th scope="row" data-label="Name">
                  {entry.name}
                </th>
                <td data-label="Version">{entry.version}</td>
                <td data-label="Source">
                  <span class={`badge ${entry.source}`}>{sourceLabel(entry)}</span>
                </td>
                <td data-label="Description" class="description">
                  {entry.definition.description ?? ''}
                </td>
                <td class="actions-cell">
                  {entry.locked || entry.id === null ? (
                    <button type="button" aria-label={`View ${entry.name} ${entry.version} (read-only)`} onClick={() => setOpened({ entry })}>
                      View
                    </button>
                  ) : (
                    <>
                      <button type="button" aria-label={`Edit ${entry.name} ${entry.version}`} onClick={() => setOpened({ entry })}>
                        Edit
                      </button>
                      <button type="button" class="danger" aria-label={`Delete ${entry.name} ${entry.version}`} onClick={() => void remove(entry)}>
                        Delete
                      </button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ModalDialog open={opened !== undefined} onClose={close} labelledBy="editor-heading" class="wide">
        {opened === undefined ? null : <DefinitionEditor key={opened.entry === undefined ? 'new' : `${opened.entry.name}@${opened.entry.version}`} api={api} entry={opened.entry} onSaved={saved} onClose={close} />}
      </ModalDialog>
    </section>
  );
}
