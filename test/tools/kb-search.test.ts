import { afterAll, describe, expect, it } from 'vitest';
import * as kbSearch from '../../tools/kb-search/handler.js';
import { dataOf, errorOf, handlerFixture, type HandlerModule } from './handler-context.js';

const { execute } = kbSearch as HandlerModule;
const fixture = handlerFixture();
afterAll(() => fixture.dispose());

const search = (args: Record<string, unknown>) => execute({ args: args as never, context: fixture.context() });
const ids = (data: Record<string, unknown>) => (data['results'] as Array<{ id: string }>).map((result) => result.id);

describe('kb_search over the bundled knowledge base', () => {
  it('ranks by the share of query words found, then by id; half matches score 0.5', async () => {
    // "render" and "farm" both occur in four studio records; link:pipeline_repo has only "render".
    const data = dataOf(await search({ query: 'render farm', top_k: 10 }));
    expect(ids(data)).toEqual(['doc:farm_capacity', 'person:tomas_vidal', 'process:render_queue', 'project:render_automation', 'link:pipeline_repo']);
    expect((data['results'] as Array<{ score: number }>).map((result) => result.score)).toEqual([1, 1, 1, 1, 0.5]);
    expect(data['total_matches']).toBe(5);
    expect(typeof data['query_time_ms']).toBe('number');
  });

  it('cuts to top_k after ranking, and counts what it cut', async () => {
    const data = dataOf(await search({ query: 'render farm', top_k: 2 }));
    expect(ids(data)).toEqual(['doc:farm_capacity', 'person:tomas_vidal']);
    expect(data['total_matches']).toBe(5);
  });

  it('filters by type, by tags (all of them) and by namespace', async () => {
    expect(ids(dataOf(await search({ query: 'render farm', filters: { type: 'person' } })))).toEqual(['person:tomas_vidal']);
    expect(ids(dataOf(await search({ query: 'animation', filters: { tags: ['active'] } })))).toEqual(['project:tidewater']);
    expect(ids(dataOf(await search({ query: 'pipeline', filters: { tags: ['pipeline', 'automation'] } })))).toEqual(['link:pipeline_repo', 'project:render_automation']);
    expect(ids(dataOf(await search({ query: 'trailer', namespace: 'public' })))).toEqual(['link:tidewater_trailer']);
    // The same word in the studio namespace finds nothing: namespaces never mix.
    expect(ids(dataOf(await search({ query: 'trailer' })))).toEqual([]);
  });

  it('filters by an inclusive date range, and returns an empty list (not an error) when nothing is left', async () => {
    const inRange = { start: '2025-12-05T12:00:00Z', end: '2025-12-31T00:00:00Z' };
    expect(ids(dataOf(await search({ query: 'trailer', namespace: 'public', filters: { date_range: inRange } })))).toEqual(['link:tidewater_trailer']);
    const after = { start: '2025-12-06T00:00:00Z' };
    expect(dataOf(await search({ query: 'trailer', namespace: 'public', filters: { date_range: after } }))).toMatchObject({ results: [], total_matches: 0 });
  });

  it('returns the citation fields always and the optional ones on request', async () => {
    const [first] = dataOf(await search({ query: 'technical director', return_fields: ['sources'] }))['results'] as Array<Record<string, unknown>>;
    expect(first).toEqual({
      id: 'person:tomas_vidal',
      type: 'person',
      title: 'Tomas Vidal',
      score: 1,
      source_type: 'crm',
      last_updated: '2025-10-21T14:30:00Z',
      sources: [{ id: 'person:tomas_vidal', source_type: 'crm', url: 'https://harborlight.example/team/tomas-vidal' }],
    });
    const [plain] = dataOf(await search({ query: 'technical director' }))['results'] as Array<Record<string, unknown>>;
    expect(plain).toMatchObject({ url: 'https://harborlight.example/team/tomas-vidal', metadata: { role: 'technical director', company: 'Harbor Light' } });
    expect(plain?.['snippet']).toMatch(/^Technical director\. Tomas owns the render farm/);
    const [bare] = dataOf(await search({ query: 'technical director', include_snippets: false }))['results'] as Array<Record<string, unknown>>;
    expect(bare).not.toHaveProperty('snippet');
  });

  it('keeps snippets short, around the first query word', async () => {
    const [result] = dataOf(await search({ query: 'festival', filters: { type: 'project' } }))['results'] as Array<{ snippet: string }>;
    expect(result?.snippet.length).toBeLessThanOrEqual(162);
    expect(result?.snippet).toContain('festival');
  });

  it.each([
    ['only stop words', { query: 'the of and' }, 'VALIDATION'],
    ['only punctuation', { query: '?!...' }, 'VALIDATION'],
    ['a date range backwards', { query: 'render', filters: { date_range: { start: '2025-12-01T00:00:00Z', end: '2025-01-01T00:00:00Z' } } }, 'VALIDATION'],
    ['an unparsable date', { query: 'render', filters: { date_range: { start: 'yesterday' } } }, 'VALIDATION'],
  ])('refuses %s with a VALIDATION result, not an exception', async (_label, args, type) => {
    const error = errorOf(await search(args));
    expect(error.type).toBe(type);
    expect(error.message).not.toMatch(/at .*\.js/);
  });

  it('survives hostile queries: 200 characters of symbols, emoji, regex syntax, prototype names', async () => {
    for (const query of ['(.*)+$'.repeat(30).slice(0, 200), '🎬'.repeat(100), '__proto__ constructor toString', '\u0000\u202e render']) {
      const result = await search({ query });
      if (result.ok) expect(Array.isArray((result.data as Record<string, unknown>)['results'])).toBe(true);
      else expect(result.error.type).toBe('VALIDATION');
    }
  });
});
