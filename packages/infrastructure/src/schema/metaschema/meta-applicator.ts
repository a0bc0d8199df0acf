/**
 * https://json-schema.org/draft/2020-12/meta/applicator
 *
 * Copied from the draft 2020-12 meta-schema as json-schema.org publishes it
 * (/work/shared/fixtures/metaschema-2020-12/meta/applicator.json), with one change: every
 * `"$dynamicRef": "#meta"` is replaced by `"$ref": "https://json-schema.org/draft/2020-12/schema"`.
 * @cfworker/json-schema 4.1 does not follow `$dynamicRef`, and with it left in place the
 * meta-schema accepts `{"properties":{"v":{"type":"invalid_type_name"}}}`. The replacement is
 * equivalent for schemas that add no vocabulary, which tool schemas never do.
 * Generated; do not edit by hand.
 */
export const metaApplicator: Record<string, unknown> = {
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$id": "https://json-schema.org/draft/2020-12/meta/applicator",
  "$vocabulary": {
    "https://json-schema.org/draft/2020-12/vocab/applicator": true
  },
  "$dynamicAnchor": "meta",
  "title": "Applicator vocabulary meta-schema",
  "type": [
    "object",
    "boolean"
  ],
  "properties": {
    "prefixItems": {
      "$ref": "#/$defs/schemaArray"
    },
    "items": {
      "$ref": "https://json-schema.org/draft/2020-12/schema"
    },
    "contains": {
      "$ref": "https://json-schema.org/draft/2020-12/schema"
    },
    "additionalProperties": {
      "$ref": "https://json-schema.org/draft/2020-12/schema"
    },
    "properties": {
      "type": "object",
      "additionalProperties": {
        "$ref": "https://json-schema.org/draft/2020-12/schema"
      },
      "default": {}
    },
    "patternProperties": {
      "type": "object",
      "additionalProperties": {
        "$ref": "https://json-schema.org/draft/2020-12/schema"
      },
      "propertyNames": {
        "format": "regex"
      },
      "default": {}
    },
    "dependentSchemas": {
      "type": "object",
      "additionalProperties": {
        "$ref": "https://json-schema.org/draft/2020-12/schema"
      },
      "default": {}
    },
    "propertyNames": {
      "$ref": "https://json-schema.org/draft/2020-12/schema"
    },
    "if": {
      "$ref": "https://json-schema.org/draft/2020-12/schema"
    },
    "then": {
      "$ref": "https://json-schema.org/draft/2020-12/schema"
    },
    "else": {
      "$ref": "https://json-schema.org/draft/2020-12/schema"
    },
    "allOf": {
      "$ref": "#/$defs/schemaArray"
    },
    "anyOf": {
      "$ref": "#/$defs/schemaArray"
    },
    "oneOf": {
      "$ref": "#/$defs/schemaArray"
    },
    "not": {
      "$ref": "https://json-schema.org/draft/2020-12/schema"
    }
  },
  "$defs": {
    "schemaArray": {
      "type": "array",
      "minItems": 1,
      "items": {
        "$ref": "https://json-schema.org/draft/2020-12/schema"
      }
    }
  }
};
