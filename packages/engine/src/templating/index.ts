// Path templating: raw request paths → normalizedPath (`/users/123` → `/users/{userId}`).
// Three layers, strongest first:
//   1. a spec/gateway template that matches the path always wins (spec-index.ts);
//   2. typed tokens become parameters (integers, UUIDs, ObjectIds, hex, prefixed ids,
//      e-mails, dates, high-entropy tokens), reserved segments stay (segments.ts);
//   3. a position whose distinct literal values under the same parent exceed a
//      threshold is merged into a parameter (tree.ts); parameters are named (names.ts).
import { nameParameters } from './names.js';
import { joinSegments, splitPath, templateSegments } from './segments.js';
import type { SpecTemplateIndex } from './spec-index.js';
import type { PathTemplater } from './tree.js';

export {
  classifySegment,
  escapeLiteral,
  joinSegments,
  splitPath,
  templateSegments,
  type SegmentKind,
} from './segments.js';
export { isGuessedParameter, nameParameters, nameTemplate, resourceName } from './names.js';
export { SpecTemplateIndex, normalizeTemplate } from './spec-index.js';
export {
  PathTemplater,
  type LearnedPath,
  type MergeReason,
  type PathLeaf,
  type TemplaterOptions,
} from './tree.js';

export interface TemplateResult {
  normalizedPath: string;
  /** Parameter name → raw value for every segment that became a parameter. */
  params: { name: string; value: string }[];
  /** True when a spec/gateway template decided the result. */
  fromSpec: boolean;
}

/**
 * Template one raw path. With `templates` (declared spec/gateway templates for the
 * domain) a matching template wins; with a `templater` learned positions are merged.
 */
export function templatePath(
  rawPath: string,
  options: {
    method?: string;
    domain?: string;
    templates?: SpecTemplateIndex;
    templater?: PathTemplater<unknown>;
  } = {},
): TemplateResult {
  const segments = splitPath(rawPath);
  const spec = options.templates?.match(segments, options.method);
  if (spec) return { normalizedPath: spec, params: paramsOf(spec, segments), fromSpec: true };
  const typed = options.templater
    ? options.templater.template(options.domain ?? '', segments)
    : templateSegments(segments);
  const normalizedPath = joinSegments(nameParameters(typed));
  return { normalizedPath, params: paramsOf(normalizedPath, segments), fromSpec: false };
}

function paramsOf(template: string, segments: readonly string[]): { name: string; value: string }[] {
  const parts = template === '/' ? [] : template.slice(1).split('/');
  const params: { name: string; value: string }[] = [];
  parts.forEach((p, i) => {
    const m = /^\{([^}+]*)\+?\}$/.exec(p);
    if (m && segments[i] !== undefined) params.push({ name: m[1] ?? 'param', value: segments[i] as string });
  });
  return params;
}
