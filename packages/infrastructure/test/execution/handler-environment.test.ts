import { describe, expect, it } from 'vitest';
import { handlerEnvironment } from '../../src/execution/handler-environment.js';

describe('handlerEnvironment', () => {
  it('drops variables whose names look like secrets, whatever their case', () => {
    const kept = handlerEnvironment({
      OPENAI_API_KEY: 'sk-1',
      vllm_api_key: 'x',
      GITHUB_TOKEN: 'ghp_1',
      DB_PASSWORD: 'p',
      AWS_SECRET_ACCESS_KEY: 's',
      GOOGLE_APPLICATION_CREDENTIALS: '/k.json',
      PATH: '/usr/bin',
      HOME: '/home/a',
      LANG: 'C.UTF-8',
    });
    expect(kept).toEqual({ PATH: '/usr/bin', HOME: '/home/a', LANG: 'C.UTF-8' });
  });

  it('leaves the given environment unchanged and skips undefined values', () => {
    const environment = { A: 'a', B: undefined, MY_TOKEN: 't' };
    expect(handlerEnvironment(environment)).toEqual({ A: 'a' });
    expect(environment).toEqual({ A: 'a', B: undefined, MY_TOKEN: 't' });
  });
});
