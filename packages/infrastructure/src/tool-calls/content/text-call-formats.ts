import { TEXT_CALL_FORMATS, type TextCallFormat } from '@acode/domain';
import { extractCommandR } from './command-r.js';
import type { ContentExtractor } from './content-span.js';
import { extractDeepSeek } from './deepseek.js';
import { extractFunctionary } from './functionary.js';
import { extractFunctools } from './functools.js';
import { extractGranite } from './granite.js';
import { extractHarmony } from './harmony.js';
import { extractInternLm } from './internlm.js';
import { extractJamba } from './jamba.js';
import { extractKimi } from './kimi.js';
import { extractApertus } from './apertus.js';
import { extractFunctionGemma } from './functiongemma.js';
import { extractLfm2 } from './lfm2.js';
import { extractNemotron } from './nemotron.js';
import { extractXlam } from './xlam.js';
import { extractFencedJson } from './fenced-json.js';
import { extractBareJson } from './bare-json.js';
import { extractFunctionTags } from './function-tag.js';
import { extractGlm } from './glm.js';
import { extractMiniMax } from './minimax.js';
import { extractPythonic } from './pythonic.js';
import { extractQwen3Xml } from './qwen3-xml.js';
import { extractPythonTags } from './python-tag.js';
import { extractToolCallTags } from './tool-call-tag.js';
import { extractToolCallsMarkers } from './tool-calls-marker.js';

/**
 * The extractor of each text-call format family, one file each (issue 12). A format is detected
 * from its own markers, never from the model's name; the order of {@link TEXT_CALL_FORMATS} is the
 * precedence when two formats claim spans that start at the same offset.
 */
export const TEXT_CALL_EXTRACTORS: Readonly<Record<TextCallFormat, ContentExtractor>> = Object.freeze({
  tool_call_tag: extractToolCallTags,
  tool_calls_marker: extractToolCallsMarkers,
  python_tag: extractPythonTags,
  function_tag: extractFunctionTags,
  qwen3_xml: extractQwen3Xml,
  deepseek: extractDeepSeek,
  kimi: extractKimi,
  glm: extractGlm,
  minimax: extractMiniMax,
  harmony: extractHarmony,
  granite: extractGranite,
  command_r: extractCommandR,
  functools: extractFunctools,
  functionary: extractFunctionary,
  internlm: extractInternLm,
  jamba: extractJamba,
  xlam: extractXlam,
  nemotron: extractNemotron,
  apertus: extractApertus,
  lfm2: extractLfm2,
  functiongemma: extractFunctionGemma,
  pythonic: extractPythonic,
  fenced_json: extractFencedJson,
  bare_json: extractBareJson,
});

/** The formats to run, in priority order: `pinned` when the configuration lists some, else every known one. */
export function activeFormats(pinned: readonly TextCallFormat[] | undefined): ReadonlyArray<{ readonly format: TextCallFormat; readonly extract: ContentExtractor }> {
  return (pinned ?? TEXT_CALL_FORMATS).map((format) => ({ format, extract: TEXT_CALL_EXTRACTORS[format] }));
}
