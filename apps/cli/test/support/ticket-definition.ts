/** The definition the `acode tools create|update` tests send: as YAML (what a user writes). */
export const TICKET_YAML = `name: ticket_create
description: Creates a ticket in the tracker.
version: 1.0.0
category: external_api
parameters:
  type: object
  properties:
    title: { type: string, minLength: 1 }
  required: [title]
  additionalProperties: false
`;
