// The objects a description declares its failures with: the schemas its error and
// `default` answers reference (and no success answer does), and the objects they wrap
// under an error key (`{ error: ApiError }`).
// Wherever one appears, in a success body too (a payment's `last_error`), what it
// embeds (the payment method that failed, a customer) is the failure's account of
// another resource, not data the operation returns.
import { isObj, isRef, type RefResolver } from './openapi-refs.js';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Shared schemas (`$ref`s) of a media map or a Swagger answer. */
function answerSchemas(answer: Record<string, unknown>): unknown[] {
  if (answer['schema'] !== undefined) return [answer['schema']];
  const content = answer['content'];
  if (!isObj(content)) return [];
  return Object.values(content).flatMap((m) => (isObj(m) ? [m['schema']] : []));
}

/** Every error object the document's non-2xx answers reference (resolved targets). */
export function errorObjects(resolver: RefResolver, paths: unknown): Set<unknown> {
  const failures = new Set<unknown>();
  const successes = new Set<unknown>();
  for (const rawItem of isObj(paths) ? Object.values(paths) : []) {
    const item = resolver.deref(rawItem);
    if (!isObj(item)) continue;
    for (const method of METHODS) {
      const op = resolver.deref(item[method]);
      const responses = isObj(op) ? op['responses'] : undefined;
      if (!isObj(responses)) continue;
      for (const [code, r] of Object.entries(responses)) {
        const answer = resolver.deref(r);
        if (!isObj(answer)) continue;
        for (const schema of answerSchemas(answer).filter(isRef))
          (/^2/.test(code) ? successes : failures).add(resolver.deref(schema));
      }
    }
  }
  const out = new Set<unknown>();
  for (const target of failures) {
    if (!isObj(target) || successes.has(target)) continue;
    out.add(target);
    const props = isObj(target['properties']) ? target['properties'] : {};
    for (const [key, p] of Object.entries(props)) {
      const wrapped = isRef(p) ? resolver.deref(p) : undefined;
      if (/error/i.test(key) && isObj(wrapped) && !successes.has(wrapped)) out.add(wrapped);
    }
  }
  return out;
}
