/**
 * https://json-schema.org/draft/2020-12/meta/core
 *
 * Copied from the draft 2020-12 meta-schema as json-schema.org publishes it
 * (/work/shared/fixtures/metaschema-2020-12/meta/core.json), with one change: every
 * `"$dynamicRef": "#meta"` is replaced by `"$ref": "https://json-schema.org/draft/2020-12/schema"`.
 * @cfworker/json-schema 4.1 does not follow `$dynamicRef`, and with it left in place the
 * meta-schema accepts `{"properties":{"v":{"type":"invalid_type_name"}}}`. The replacement is
 * equivalent for schemas that add no vocabulary, which tool schemas never do.
 * Generated; do not edit by hand.
 */
export const metaCore: Record<string, unknown> = {
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$id": "https://json-schema.org/draft/2020-12/meta/core",
  "$vocabulary": {
    "https://json-schema.org/draft/2020-12/vocab/core": true
  },
  "$dynamicAnchor": "meta",
  "title": "Core vocabulary meta-schema",
  "type": [
    "object",
    "boolean"
  ],
  "properties": {
    "$id": {
      "$ref": "#/$defs/uriReferenceString",
      "$comment": "Non-empty fragments not allowed.",
      "pattern": "^[^#]*#?$"
    },
    "$schema": {
      "$ref": "#/$defs/uriString"
    },
    "$ref": {
      "$ref": "#/$defs/uriReferenceString"
    },
    "$anchor": {
      "$ref": "#/$defs/anchorString"
    },
    "$dynamicRef": {
      "$ref": "#/$defs/uriReferenceString"
    },
    "$dynamicAnchor": {
      "$ref": "#/$defs/anchorString"
    },
    "$vocabulary": {
      "type": "object",
      "propertyNames": {
        "$ref": "#/$defs/uriString"
      },
      "additionalProperties": {
        "type": "boolean"
      }
    },
    "$comment": {
      "type": "string"
    },
    "$defs": {
      "type": "object",
      "additionalProperties": {
        "$ref": "https://json-schema.org/draft/2020-12/schema"
      }
    }
  },
  "$defs": {
    "anchorString": {
      "type": "string",
      "pattern": "^[A-Za-z_][-A-Za-z0-9._]*$"
    },
    "uriString": {
      "type": "string",
      "format": "uri"
    },
    "uriReferenceString": {
      "type": "string",
      "format": "uri-reference"
    }
  }
};
