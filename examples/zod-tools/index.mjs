// What this shows: tools defined with zod v4 (`fromZodTool`) registered in our strict registry.
// The arguments a model sends are validated there as zod would (objects closed, enums, optional,
// defaults applied, nested objects, arrays), broken JSON is repaired by our parser first, and a
// zod type that has no JSON Schema form (`z.date()`) is refused when the tool is defined, with an
// ACODE code.
import assert from 'node:assert/strict';
import { fromZodTool } from '@acode/adapters/zod';
import { createToolRegistry, parseToolCalls } from '@acode/infrastructure';
import { z } from 'zod';

const searchFlights = fromZodTool({
  name: 'search_flights',
  description: 'Search flights between two airports.',
  inputSchema: z.strictObject({
    from: z.string().regex(/^[A-Z]{3}$/).describe('IATA code'),
    to: z.string().regex(/^[A-Z]{3}$/),
    cabin: z.enum(['economy', 'business']).default('economy'),
    passengers: z.array(z.strictObject({ age: z.number().int().min(0).max(120) })).min(1).max(9),
    flexible_days: z.number().int().min(0).max(3).optional(),
  }),
  sideEffects: 'read_only',
});
const registry = createToolRegistry({ tools: [searchFlights] });

// Valid arguments: the default cabin applied.
const ok = registry.tryValidateArguments('search_flights', { from: 'OSL', to: 'LIM', passengers: [{ age: 34 }] });
assert.ok(ok.success);
assert.equal(ok.arguments.cabin, 'economy');

// Wrong types, an unknown enum value and an unknown property: refused with ACODE codes.
const bad = registry.tryValidateArguments('search_flights', { from: 'oslo', to: 'LIM', cabin: 'first', passengers: [{ age: 'x' }], seat: '1A' });
assert.ok(!bad.success);
const codes = [...new Set(bad.errors.map((e) => e.code))].sort();
assert.deepEqual(codes, ['ACODE-TSR-004', 'ACODE-TSR-005']);

// A model's call with broken JSON, repaired and validated in one step.
const answer = { role: 'assistant', content: '', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'search_flights', arguments: "{'from': 'OSL', 'to': 'LIM', 'passengers': [{'age': 7}],}" } }] };
const parsed = parseToolCalls(answer, { registry });
assert.deepEqual(parsed.errors, []);
assert.deepEqual(parsed.toolCalls[0].arguments, { from: 'OSL', to: 'LIM', cabin: 'economy', passengers: [{ age: 7 }] });

// No JSON Schema form: refused when the tool is defined.
assert.throws(() => fromZodTool({ name: 'book', description: 'Book.', inputSchema: z.object({ when: z.date() }) }), (error) => error.code === 'ACODE-TSR-006');

console.log(`valid: ${JSON.stringify(ok.arguments)}; refused: ${codes.join(', ')}; repaired: ${parsed.toolCalls[0].repairs.join(', ')}`);
