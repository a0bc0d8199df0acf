import { afterAll, describe, expect, it } from 'vitest';
import * as kbGet from '../../tools/kb-get/handler.js';
import { dataOf, errorOf, handlerFixture, type HandlerModule } from './handler-context.js';

const { execute } = kbGet as HandlerModule;
const fixture = handlerFixture();
afterAll(() => fixture.dispose());
const get = (ids: unknown[]) => execute({ args: { ids } as never, context: fixture.context() });

describe('kb_get', () => {
  it('returns the records in the order asked, each with a citation', async () => {
    const data = dataOf(await get(['project:tidewater', 'person:lena_brandt']));
    const records = data['records'] as Array<Record<string, unknown>>;
    expect(records.map((record) => record['id'])).toEqual(['project:tidewater', 'person:lena_brandt']);
    expect(records[0]?.['citation']).toBe('[project:tidewater] Tidewater (project_tracker, updated 2025-12-10)');
    // A record without a URL says so with null rather than leaving the model to guess.
    expect(records[1]?.['url']).toBeNull();
    expect(data['missing']).toEqual([]);
  });

  it('is a partial success when some ids are unknown: the rest are returned, the unknown listed', async () => {
    const data = dataOf(await get(['doc:style_guide', 'doc:old_style_guide']));
    expect((data['records'] as Array<{ id: string }>).map((record) => record.id)).toEqual(['doc:style_guide']);
    expect(data['missing']).toEqual(['doc:old_style_guide']);
  });

  it('is NOT_FOUND when no id is known', async () => {
    const error = errorOf(await get(['person:nobody', 'project:nothing']));
    expect(error).toMatchObject({ type: 'NOT_FOUND', retryable: false });
    expect(error.message).toBe('No knowledge base record has the ids person:nobody, project:nothing');
  });

  it('does not match ids loosely (case, prototype names)', async () => {
    expect(errorOf(await get(['Person:Tomas_Vidal', '__proto__', 'constructor'])).type).toBe('NOT_FOUND');
  });
});
