/**
 * https://json-schema.org/draft/2020-12/meta/content
 *
 * Copied from the draft 2020-12 meta-schema as json-schema.org publishes it
 * (/work/shared/fixtures/metaschema-2020-12/meta/content.json), with one change: every
 * `"$dynamicRef": "#meta"` is replaced by `"$ref": "https://json-schema.org/draft/2020-12/schema"`.
 * @cfworker/json-schema 4.1 does not follow `$dynamicRef`, and with it left in place the
 * meta-schema accepts `{"properties":{"v":{"type":"invalid_type_name"}}}`. The replacement is
 * equivalent for schemas that add no vocabulary, which tool schemas never do.
 * Generated; do not edit by hand.
 */
export const metaContent: Record<string, unknown> = {
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$id": "https://json-schema.org/draft/2020-12/meta/content",
  "$vocabulary": {
    "https://json-schema.org/draft/2020-12/vocab/content": true
  },
  "$dynamicAnchor": "meta",
  "title": "Content vocabulary meta-schema",
  "type": [
    "object",
    "boolean"
  ],
  "properties": {
    "contentEncoding": {
      "type": "string"
    },
    "contentMediaType": {
      "type": "string"
    },
    "contentSchema": {
      "$ref": "https://json-schema.org/draft/2020-12/schema"
    }
  }
};
