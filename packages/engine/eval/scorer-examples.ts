// Labelled examples for the templating scorer (eval/train-scorer.ts): requests whose true template
// is known, laid out in a plain trie of typed paths (no merging), each literal at a position one
// example: its features (src/templating/features) and whether the true template has a parameter
// there. Traffic of the directory's development half (both value generators) and the real
// corpus's tuning half (truth files).
import { featuresOf, type PositionNode } from '../src/templating/features/index.js';
import { methodBit } from '../src/templating/features/position.js';
import { splitPath, templateSegments } from '../src/templating/segments.js';
import { covers, normConcrete, parseTruth } from './real-score.js';
import { hash } from './traffic.js';

/** A request and, per segment, whether its true template has a parameter there (null: no label). */
export interface LabelledRequest {
  method: string;
  path: string;
  truth: (boolean | null)[];
  weight: number;
}

export interface Example {
  x: number[];
  y: 0 | 1;
  weight: number;
}

class TrainingNode implements PositionNode {
  readonly children = new Map<string, TrainingNode>();
  typed: Map<string, TrainingNode> | null = null;
  readonly param = null;
  hits = 0;
  methods = 0;
  /** Requests through this literal whose truth is a parameter here, and all labelled ones. */
  values = 0;
  labelled = 0;
  constructor(readonly template: string) {}
}

/** Examples per position and per source at most, chosen by a fixed hash (a capped position holds thousands). */
const PER_POSITION = 12;
const PER_SOURCE = 400;

/** The examples of one source's requests (one API, one log). */
export function examplesOf(requests: readonly LabelledRequest[], source: string): Example[] {
  const root = new TrainingNode('');
  let weight = 1;
  for (const q of requests) {
    weight = q.weight;
    const segments = splitPath(q.path);
    const typed = templateSegments(segments);
    let node = root;
    typed.forEach((key, i) => {
      const isLiteral = key.charCodeAt(0) !== 123;
      const map = isLiteral ? node.children : (node.typed ??= new Map());
      let next = map.get(key);
      if (!next) map.set(key, (next = new TrainingNode(`${node.template}/${key}`)));
      node = next;
      if (!isLiteral) return;
      node.hits++;
      const label = q.truth[i];
      if (label === null || label === undefined) return;
      node.labelled++;
      if (label) node.values++;
    });
    node.methods |= methodBit(q.method);
  }
  const out: [number, Example][] = [];
  const visit = (position: TrainingNode): void => {
    const picked = [...position.children]
      .filter(([, child]) => child.labelled > 0)
      .map(([seg, child]) => [hash(`${source}${position.template}/${seg}`), seg, child] as const)
      .sort((a, b) => a[0] - b[0])
      .slice(0, PER_POSITION);
    for (const [h, seg, child] of picked)
      out.push([
        h,
        { x: featuresOf(seg, child, position), y: child.values * 2 >= child.labelled ? 1 : 0, weight },
      ]);
    for (const child of position.children.values()) visit(child);
    for (const child of position.typed?.values() ?? []) visit(child);
  };
  visit(root);
  return out
    .sort((a, b) => a[0] - b[0])
    .slice(0, PER_SOURCE)
    .map(([, e]) => e);
}

/** Per segment of a declared template: a parameter, a literal, or null (an enum or a partial parameter). */
export function truthOfTemplate(
  template: string,
  enums: ReadonlySet<string> = new Set(),
): (boolean | null)[] {
  return template
    .split('/')
    .filter((seg) => seg !== '')
    .map((seg) => {
      const whole = /^\{([^{}]*)\}$/.exec(seg);
      if (whole) return enums.has(whole[1] as string) ? null : true;
      return seg.includes('{') ? null : false;
    });
}

/** The labelled requests of a real file: each concrete path the truth covers, labelled by that template. */
export function realRequests(
  counts: ReadonlyMap<string, number>,
  truthText: string,
  weight: number,
): LabelledRequest[] {
  const truth = parseTruth(truthText);
  const out: LabelledRequest[] = [];
  for (const [key, n] of counts) {
    const space = key.indexOf(' ');
    const method = key.slice(0, space);
    const path = normConcrete(key.slice(space + 1));
    const op = truth.operations.find(([m, t]) => m === method && covers(t, path));
    if (!op) continue;
    const labels = truthOfTemplate(op[1]);
    for (let i = 0; i < Math.min(n, 40); i++) out.push({ method, path, truth: labels, weight });
  }
  return out;
}
