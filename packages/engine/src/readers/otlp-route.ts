// A framework's route (`http.route` of a server span) as an Argus template. Frameworks
// spell parameters their own way: `/users/:id` (Express, Fastify, Koa), `/users/{id}`
// (Spring, ASP.NET, FastAPI), `/users/<int:id>` (Flask, Django). The route counts only when it fits the request's path, segment by
// segment: a mount prefix the framework left out, a wildcard or a catch-all is no template
// of this path, so discovery learns it as for any other request.

const PARAM_FORMS: readonly [RegExp, (m: RegExpMatchArray) => string][] = [
  [/^\{([^{}/]+?)(?::[^{}]*)?\}$/, (m) => m[1] ?? 'param'],
  [/^:([A-Za-z_][A-Za-z0-9_]*)\??$/, (m) => m[1] ?? 'param'],
  [/^<(?:[a-z]+:)?([A-Za-z_][A-Za-z0-9_]*)>$/, (m) => m[1] ?? 'param'],
];

/** `{name}` for a parameter segment in any framework's spelling; undefined for a literal. */
function paramName(segment: string): string | undefined {
  for (const [form, name] of PARAM_FORMS) {
    const m = segment.match(form);
    if (m) return name(m).replace(/[^A-Za-z0-9_.-]/g, '_');
  }
  return undefined;
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The template of `route` for a request to `path` (`/users/:id`, `/users/42` → `/users/{id}`),
 * or undefined when the route does not fit the path: another number of segments, a literal
 * that differs, a wildcard or regular expression Argus cannot place.
 */
export function routeTemplateOf(route: string, path: string): string | undefined {
  const trimmed = route.trim().replace(/^\^/, '').replace(/\$$/, '');
  if (trimmed.length === 0 || trimmed.length > 2048) return undefined;
  const routeSegments = trimmed.replace(/^\/+/, '').replace(/\/+$/, '').split('/');
  const pathSegments = path.replace(/^\/+/, '').replace(/\/+$/, '').split('/');
  if (routeSegments.length !== pathSegments.length) return undefined;
  const out: string[] = [];
  for (let i = 0; i < routeSegments.length; i++) {
    const segment = routeSegments[i] ?? '';
    const actual = pathSegments[i] ?? '';
    const name = paramName(segment);
    if (name !== undefined) {
      if (actual === '') return undefined;
      out.push(`{${name}}`);
    } else if (segment === actual || segment.toLowerCase() === decoded(actual).toLowerCase()) {
      out.push(segment);
    } else return undefined;
  }
  return `/${out.join('/')}`;
}
