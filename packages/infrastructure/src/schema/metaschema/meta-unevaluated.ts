/**
 * https://json-schema.org/draft/2020-12/meta/unevaluated
 *
 * Copied from the draft 2020-12 meta-schema as json-schema.org publishes it
 * (/work/shared/fixtures/metaschema-2020-12/meta/unevaluated.json), with one change: every
 * `"$dynamicRef": "#meta"` is replaced by `"$ref": "https://json-schema.org/draft/2020-12/schema"`.
 * @cfworker/json-schema 4.1 does not follow `$dynamicRef`, and with it left in place the
 * meta-schema accepts `{"properties":{"v":{"type":"invalid_type_name"}}}`. The replacement is
 * equivalent for schemas that add no vocabulary, which tool schemas never do.
 * Generated; do not edit by hand.
 */
export const metaUnevaluated: Record<string, unknown> = {
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$id": "https://json-schema.org/draft/2020-12/meta/unevaluated",
  "$vocabulary": {
    "https://json-schema.org/draft/2020-12/vocab/unevaluated": true
  },
  "$dynamicAnchor": "meta",
  "title": "Unevaluated applicator vocabulary meta-schema",
  "type": [
    "object",
    "boolean"
  ],
  "properties": {
    "unevaluatedItems": {
      "$ref": "https://json-schema.org/draft/2020-12/schema"
    },
    "unevaluatedProperties": {
      "$ref": "https://json-schema.org/draft/2020-12/schema"
    }
  }
};
