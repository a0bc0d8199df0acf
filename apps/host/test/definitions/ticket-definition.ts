/** The custom definition the definition-route tests create, as a client sends it. */
export const TICKET = {
  name: 'ticket_create',
  description: 'Creates a ticket in the tracker.',
  version: '1.0.0',
  category: 'external_api',
  parameters: { type: 'object', properties: { title: { type: 'string', minLength: 1 } }, required: ['title'], additionalProperties: false },
};
