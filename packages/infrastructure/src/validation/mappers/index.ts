import { arrayContentMapper } from './array-content-mapper.js';
import { compositionMapper } from './composition-mapper.js';
import { engineFailureMapper } from './engine-failure-mapper.js';
import { enumMapper } from './enum-mapper.js';
import { objectShapeMapper } from './object-shape-mapper.js';
import { rangeMapper } from './range-mapper.js';
import { requiredMapper } from './required-mapper.js';
import { sizeMapper } from './size-mapper.js';
import { stringFormatMapper } from './string-format-mapper.js';
import { typeMapper } from './type-mapper.js';
import { falseSchemaMapper } from './false-schema-mapper.js';
import type { ViolationMapper } from './violation-mapper.js';

/** Every keyword family's mapper; a keyword none claims gets a generic constraint error. */
export const VIOLATION_MAPPERS: readonly ViolationMapper[] = [
  requiredMapper,
  typeMapper,
  enumMapper,
  rangeMapper,
  sizeMapper,
  stringFormatMapper,
  falseSchemaMapper,
  compositionMapper,
  arrayContentMapper,
  objectShapeMapper,
  engineFailureMapper,
];

export type { MappingContext, ViolationMapper } from './violation-mapper.js';
