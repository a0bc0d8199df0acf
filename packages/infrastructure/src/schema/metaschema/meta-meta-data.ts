/**
 * https://json-schema.org/draft/2020-12/meta/meta-data
 *
 * Copied from the draft 2020-12 meta-schema as json-schema.org publishes it
 * (/work/shared/fixtures/metaschema-2020-12/meta/meta-data.json), with one change: every
 * `"$dynamicRef": "#meta"` is replaced by `"$ref": "https://json-schema.org/draft/2020-12/schema"`.
 * @cfworker/json-schema 4.1 does not follow `$dynamicRef`, and with it left in place the
 * meta-schema accepts `{"properties":{"v":{"type":"invalid_type_name"}}}`. The replacement is
 * equivalent for schemas that add no vocabulary, which tool schemas never do.
 * Generated; do not edit by hand.
 */
export const metaMetaData: Record<string, unknown> = {
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$id": "https://json-schema.org/draft/2020-12/meta/meta-data",
  "$vocabulary": {
    "https://json-schema.org/draft/2020-12/vocab/meta-data": true
  },
  "$dynamicAnchor": "meta",
  "title": "Meta-data vocabulary meta-schema",
  "type": [
    "object",
    "boolean"
  ],
  "properties": {
    "title": {
      "type": "string"
    },
    "description": {
      "type": "string"
    },
    "default": true,
    "deprecated": {
      "type": "boolean",
      "default": false
    },
    "readOnly": {
      "type": "boolean",
      "default": false
    },
    "writeOnly": {
      "type": "boolean",
      "default": false
    },
    "examples": {
      "type": "array",
      "items": true
    }
  }
};
