import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { createHostApi, storeToken, storedToken } from './api.js';
import { LiveView } from './live/live-view.js';
import { NoticeContext, NoticeLine, type Notice } from './notice.js';
import { TokenDialog } from './token-dialog.js';
import { ToolManager } from './tools/tool-manager.js';

/** The page's views, by hash route: `#/live` (the default) and `#/tools`. */
const VIEWS = [
  { route: 'live', label: 'Live' },
  { route: 'tools', label: 'Tools' },
] as const;
type Route = (typeof VIEWS)[number]['route'];

function routeOf(hash: string): Route {
  const first = hash.replace(/^#\/?/, '').split('/')[0];
  return first === 'tools' ? 'tools' : 'live';
}

/** The shell: header, view switch, the token prompt and the status line every view reports to. */
export function App() {
  const [route, setRoute] = useState<Route>(() => routeOf(location.hash));
  const [notice, setNotice] = useState<Notice | undefined>();
  const [hasToken, setHasToken] = useState(() => storedToken() !== undefined);
  const [prompt, setPrompt] = useState<{ wrong: boolean } | undefined>();
  /** The waiting requests' answer: resolves true with a new token, false when the user cancels. */
  const answer = useRef<((ok: boolean) => void) | undefined>(undefined);
  /** After a cancel, streams that retry do not reopen the prompt: the header's button does. */
  const declined = useRef(false);

  const api = useMemo(
    () =>
      createHostApi((wrong) => {
        if (declined.current) return Promise.resolve(false);
        return new Promise<boolean>((resolve) => {
          answer.current = resolve;
          setPrompt({ wrong });
        });
      }),
    [],
  );

  useEffect(() => {
    const onHash = () => setRoute(routeOf(location.hash));
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  const notify = useCallback((next: Notice) => setNotice(next), []);

  const submitToken = (token: string) => {
    storeToken(token);
    setHasToken(true);
    declined.current = false;
    setPrompt(undefined);
    answer.current?.(true);
    answer.current = undefined;
  };
  const cancelToken = useCallback(() => {
    if (answer.current === undefined) return;
    declined.current = true;
    setPrompt(undefined);
    answer.current(false);
    answer.current = undefined;
    setNotice({ kind: 'error', text: 'Without the token the host answers nothing. Use "Enter token" when you have it.' });
  }, []);
  const enterToken = () => {
    declined.current = false;
    // Reloading is the simplest way to retry everything that was refused.
    if (answer.current === undefined) {
      setPrompt({ wrong: false });
      answer.current = (ok) => {
        if (ok) location.reload();
      };
    }
  };
  const forgetToken = () => {
    storeToken(undefined);
    setHasToken(false);
    setNotice({ kind: 'info', text: 'Token forgotten for this tab.' });
  };

  return (
    <NoticeContext.Provider value={notify}>
      <header class="app-header">
        <h1>Acode tools</h1>
        <nav aria-label="Views">
          <ul>
            {VIEWS.map((view) => (
              <li key={view.route}>
                <a href={`#/${view.route}`} aria-current={route === view.route ? 'page' : undefined} id={`nav-${view.route}`}>
                  {view.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div class="token-controls">
          {hasToken ? (
            <button type="button" id="forget-token" onClick={forgetToken}>
              Forget token
            </button>
          ) : declined.current ? (
            <button type="button" id="enter-token" onClick={enterToken}>
              Enter token
            </button>
          ) : null}
        </div>
      </header>
      <main id="main">
        <NoticeLine notice={notice} onDismiss={() => setNotice(undefined)} />
        {route === 'live' ? <LiveView api={api} /> : <ToolManager api={api} />}
      </main>
      <TokenDialog open={prompt !== undefined} wrong={prompt?.wrong ?? false} onSubmit={submitToken} onCancel={cancelToken} />
    </NoticeContext.Provider>
  );
}
