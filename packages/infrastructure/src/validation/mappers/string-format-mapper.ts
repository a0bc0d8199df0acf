import { describeLocation, safeText } from '../display-text.js';
import { constraintError, type ViolationMapper } from './violation-mapper.js';

const FORMAT_EXAMPLES: Readonly<Record<string, string>> = {
  'date-time': '2024-01-31T12:00:00Z',
  date: '2024-01-31',
  time: '12:00:00Z',
  email: 'name@example.com',
  uri: 'https://example.com/path',
  'uri-reference': '/path/to/resource',
  uuid: '123e4567-e89b-42d3-a456-426614174000',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  hostname: 'example.com',
  duration: 'P1DT2H',
};

/**
 * `pattern` and `format` → ACODE-TSR-005. A pattern's source is never shown (BP-015, decision
 * 11): it can reveal internal rules, and a model does better with the parameter's description.
 * Format names are standard vocabulary and are shown, with an example of the format.
 */
export const stringFormatMapper: ViolationMapper = {
  keywords: ['pattern', 'format'],
  map(violation, context) {
    const where = describeLocation(violation.instancePath);
    if (violation.keyword === 'pattern') {
      return [
        constraintError(violation, context, {
          message: `${where} does not match the required format`,
          expected: 'a string matching the required format',
          suggestion: `Send ${where} in the format the parameter's description asks for`,
        }),
      ];
    }
    const format = typeof violation.subschema.format === 'string' ? safeText(violation.subschema.format, 32) : 'format';
    const example = FORMAT_EXAMPLES[format];
    return [
      constraintError(violation, context, {
        message: `${where} must be a valid ${format}`,
        expected: `string in ${format} format`,
        suggestion: example === undefined ? `Send a valid ${format} value` : `Send a valid ${format}, such as ${example}`,
      }),
    ];
  },
};
