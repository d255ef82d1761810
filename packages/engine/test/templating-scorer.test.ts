import { describe, expect, it } from 'vitest';
import { PathTemplater } from '../src/index.js';
import { FEATURE_NAMES, featuresOf, type PositionNode } from '../src/templating/features/index.js';
import { METHOD_BITS } from '../src/templating/features/position.js';
import { scorePosition, scoreValue } from '../src/templating/features/scorer.js';
import { WEIGHTS } from '../src/templating/features/weights.js';

interface Node extends PositionNode {
  children: Map<string, Node>;
  hits: number;
  methods: number;
}

const node = (template: string): Node => ({
  template,
  children: new Map(),
  typed: null,
  param: null,
  hits: 0,
  methods: 0,
});

/** A trie of `METHOD /path` lines, as the templater learns them (no merging). */
function trieOf(lines: readonly string[]): Node {
  const root = node('');
  for (const line of lines) {
    const [method, path] = line.split(' ') as [string, string];
    let at = root;
    for (const seg of path.split('/').filter(Boolean)) {
      let next = at.children.get(seg);
      if (!next) at.children.set(seg, (next = node(`${at.template}/${seg}`)));
      next.hits++;
      at = next;
    }
    at.methods |= METHOD_BITS[method] ?? 0;
  }
  return root;
}

const at = (root: Node, path: string): Node =>
  path
    .split('/')
    .filter(Boolean)
    .reduce((n, seg) => n.children.get(seg) as Node, root);

describe('templating scorer', () => {
  it('has a fitted weight for every feature, each feature a finite number', () => {
    expect(Object.keys(WEIGHTS).sort()).toEqual([...FEATURE_NAMES].sort());
    const root = trieOf(['GET /users/alice-smith/repos']);
    const users = at(root, '/users');
    for (const x of featuresOf('alice-smith', at(users, 'alice-smith'), users))
      expect(Number.isFinite(x)).toBe(true);
  });

  it('scores codes of a registry as values and an API’s routes as literals', () => {
    const codes = ['AMS', 'ATH', 'BEG', 'CDG', 'FCO', 'FRA', 'IST', 'JFK', 'MUC'];
    const root = trieOf([
      ...codes.map((c) => `GET /airportdetail/${c}`),
      'GET /account/profile',
      'GET /account/settings',
      'POST /account/password',
      'GET /account/notifications',
    ]);
    const values = scorePosition(at(root, '/airportdetail'));
    const routes = scorePosition(at(root, '/account'));
    expect(values.mean).toBeGreaterThan(0.5);
    expect(routes.mean).toBeLessThan(0.5);
  });

  it('reads methods per leaf: an id answers GET/PUT/DELETE, an action answers POST only', () => {
    const root = trieOf([
      'GET /things/kx7-blue',
      'PUT /things/kx7-blue',
      'DELETE /things/kx7-blue',
      'POST /things/bulk-import',
    ]);
    const things = at(root, '/things');
    const id = scoreValue('kx7-blue', at(things, 'kx7-blue'), things);
    const action = scoreValue('bulk-import', at(things, 'bulk-import'), things);
    expect(id.p).toBeGreaterThan(action.p);
    // The explanation: the largest contributions first, each a feature with its value.
    const sizes = action.top.map((c) => Math.abs(c.contribution));
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    for (const c of action.top) expect(FEATURE_NAMES).toContain(c.feature);
  });
});

describe('scored merges in the templater', () => {
  it('merges codes answered as ids (GET, PUT, DELETE), its reason the score and top contributions', () => {
    const t = new PathTemplater();
    const codes = 'AMS ATH BEG CDG FCO FRA IST JFK MUC VIE LHR LGW ZRH TXL SXF SKG SAW MXP'.split(' ');
    const paths = [...codes.map((code) => `/airportdetail/${code}`), '/account/profile', '/account/settings'];
    for (const path of paths) t.learnPath('d', path);
    for (const path of paths) t.noteMethod('d', path.split('/').slice(1), 'GET');
    for (const code of codes)
      for (const m of ['PUT', 'DELETE']) t.noteMethod('d', ['airportdetail', code], m);
    t.finalize();
    expect(t.template('d', ['airportdetail', 'AMS'])).toEqual(['airportdetail', '{param}']);
    expect(t.template('d', ['account', 'settings'])).toEqual(['account', 'settings']);
    const reason = t.explain('d', ['airportdetail', 'AMS'])[1];
    expect(reason).toMatchObject({ rule: 'scored', distinct: codes.length });
    expect(reason?.score).toBeGreaterThan(0.5);
    expect(reason?.contributions?.length).toBeGreaterThan(0);
  });
});
