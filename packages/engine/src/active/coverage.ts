// What a run reached: per identity, how many distinct requests (method and path) answered
// an authenticated 2xx, and whether most answers were 401/404 (the run tested nothing).
import type { RecordedExchange } from './types.js';

export interface RunCoverage {
  identities: { name: string; answered2xx: number; answers: number }[];
  /** Answers that were 401 or 404, of all answers. */
  unauthorizedOrMissing: number;
  answers: number;
  /** Most answers were 401/404: the run tested nothing. */
  testedNothing: boolean;
}

const pathOf = (url: string) => {
  try {
    return new URL(url).pathname;
  } catch {
    return url.replace(/[?#].*$/, '');
  }
};

export function runCoverage(exchanges: RecordedExchange[], names: string[]): RunCoverage {
  const answered = exchanges.filter((e) => e.response !== null);
  const identities = names.map((name) => {
    const own = answered.filter((e) => e.identity === name);
    const ok = new Set(
      own
        .filter((e) => e.response!.status >= 200 && e.response!.status < 300)
        .map((e) => `${e.request.method} ${pathOf(e.request.url)}`),
    );
    return { name, answered2xx: ok.size, answers: own.length };
  });
  const unauthorizedOrMissing = answered.filter((e) => [401, 404].includes(e.response!.status)).length;
  return {
    identities,
    unauthorizedOrMissing,
    answers: answered.length,
    testedNothing: answered.length > 0 && unauthorizedOrMissing * 2 > answered.length,
  };
}
