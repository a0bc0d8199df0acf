import { describe, expect, it } from 'vitest';
import { distinctToolNames, hashOf, isToolName, toToolName } from '../../src/gateway/to-tool-name.js';

describe('toToolName', () => {
  it('maps foreign names to valid names of ours', () => {
    expect(toToolName('get-weather')).toBe('get_weather');
    expect(toToolName('fs.read')).toBe('fs_read');
    expect(toToolName('github/create_issue')).toBe('github_create_issue');
    expect(toToolName('getHTTPStatus')).toBe('get_http_status');
    expect(toToolName('2fa-check')).toBe('tool_2fa_check');
    expect(toToolName('run')).toBe('run_tool');
    expect(toToolName('already_fine')).toBe('already_fine');
    expect(toToolName('日本語')).toMatch(/^tool_[0-9a-f]{8}$/);
    const long = toToolName(`x-${'a'.repeat(200)}`);
    expect(long.length).toBeLessThanOrEqual(64);
    expect(isToolName(long)).toBe(true);
    expect(long).not.toBe(toToolName(`x-${'a'.repeat(201)}`));
  });
});

describe('distinctToolNames', () => {
  it('leaves distinct names alone', () => {
    expect(distinctToolNames(['getWeather', 'fs.read'])).toEqual(['get_weather', 'fs_read']);
  });

  it('gives a clash to the name already valid, whatever the order, and hashes the others', () => {
    const suffix = `_${hashOf('get-weather')}`;
    expect(distinctToolNames(['get-weather', 'get_weather'])).toEqual([`get_weather${suffix}`, 'get_weather']);
    expect(distinctToolNames(['get_weather', 'get-weather'])).toEqual(['get_weather', `get_weather${suffix}`]);
    const none = distinctToolNames(['Get-Weather', 'get.weather']);
    expect(none[0]).not.toBe(none[1]);
    expect(none.every(isToolName)).toBe(true);
  });

  it('keeps long clashing names within 64 characters', () => {
    const base = 'a'.repeat(70);
    const names = distinctToolNames([`${base}-x`, `${base}.x`]);
    expect(names[0]).not.toBe(names[1]);
    for (const name of names) expect(name.length).toBeLessThanOrEqual(64);
  });
});
