import { draft202012Schema } from './draft-2020-12-schema.js';
import { metaApplicator } from './meta-applicator.js';
import { metaContent } from './meta-content.js';
import { metaCore } from './meta-core.js';
import { metaFormatAnnotation } from './meta-format-annotation.js';
import { metaMetaData } from './meta-meta-data.js';
import { metaUnevaluated } from './meta-unevaluated.js';
import { metaValidation } from './meta-validation.js';

/** The draft 2020-12 meta-schema, its `$dynamicRef`s rewritten to plain `$ref`s. */
export const META_SCHEMA = draft202012Schema;

/** The vocabulary meta-schemas {@link META_SCHEMA} references, each carrying its own `$id`. */
export const META_SCHEMA_VOCABULARIES: readonly Record<string, unknown>[] = [
  metaCore,
  metaApplicator,
  metaUnevaluated,
  metaValidation,
  metaMetaData,
  metaFormatAnnotation,
  metaContent,
];
