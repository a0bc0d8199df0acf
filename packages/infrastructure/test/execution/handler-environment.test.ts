import { describe, expect, it } from 'vitest';
import { BASE_HANDLER_ENV, handlerEnvironment } from '../../src/execution/handler-environment.js';

describe('handlerEnvironment', () => {
  it('keeps only the base allowlist: PATH, HOME, LANG, TZ, TMPDIR', () => {
    expect(BASE_HANDLER_ENV).toEqual(['PATH', 'HOME', 'LANG', 'TZ', 'TMPDIR']);
    const kept = handlerEnvironment({
      OPENAI_API_KEY: 'sk-1',
      GITHUB_TOKEN: 'ghp_1',
      DATABASE_URL: 'postgres://u:p@h/d',
      GH_PAT: 'ghp_2',
      OPENAI_KEY: 'sk-2',
      NPM_CONFIG__AUTH: 'dXNlcjpwYXNz',
      EDITOR: 'vim',
      PATH: '/usr/bin',
      HOME: '/home/a',
      LANG: 'C.UTF-8',
      TZ: 'UTC',
      TMPDIR: '/tmp',
    });
    expect(kept).toEqual({ PATH: '/usr/bin', HOME: '/home/a', LANG: 'C.UTF-8', TZ: 'UTC', TMPDIR: '/tmp' });
  });

  it('adds the names the configuration gives, exactly as spelled, when the host has them', () => {
    const environment = { PATH: '/bin', GH_PAT: 'ghp_x', gh_pat: 'lower', NPM_TOKEN: 'n' };
    expect(handlerEnvironment(environment, ['GH_PAT', 'MISSING'])).toEqual({ PATH: '/bin', GH_PAT: 'ghp_x' });
  });

  it('leaves the given environment unchanged and skips undefined values', () => {
    const environment = { PATH: '/bin', HOME: undefined, MY_TOKEN: 't' };
    expect(handlerEnvironment(environment)).toEqual({ PATH: '/bin' });
    expect(environment).toEqual({ PATH: '/bin', HOME: undefined, MY_TOKEN: 't' });
  });
});
