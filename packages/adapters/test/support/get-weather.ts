import type { ToolDefinition } from '@acode/domain';

/** The tool the adapters' tests call: a required city, an optional unit with a default. */
export const getWeather: ToolDefinition = {
  name: 'get_weather',
  description: 'Current weather for a city.',
  version: '1.0.0',
  parameters: {
    type: 'object',
    properties: { city: { type: 'string', minLength: 1 }, unit: { type: 'string', enum: ['c', 'f'], default: 'c' } },
    required: ['city'],
  },
};
