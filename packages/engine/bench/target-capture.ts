// A HAR 1.2 log of what a client of a target sends (the `capture` of
// bench/targets.json), recorded by sending each request: the traffic a tester
// would export from a browser and give `argus test --from-log`.
export async function recordHar(base: string, path: string, requests: unknown[]): Promise<string> {
  const entries = [];
  for (const request of requests) {
    const text = JSON.stringify(request);
    const started = new Date().toISOString();
    const t0 = performance.now();
    const answer = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: text,
    });
    const body = await answer.text();
    entries.push({
      startedDateTime: started,
      time: Math.round(performance.now() - t0),
      request: {
        method: 'POST',
        url: `${base}${path}`,
        httpVersion: 'HTTP/1.1',
        headers: [{ name: 'Content-Type', value: 'application/json' }],
        queryString: [],
        cookies: [],
        headersSize: -1,
        bodySize: text.length,
        postData: { mimeType: 'application/json', text },
      },
      response: {
        status: answer.status,
        statusText: answer.statusText,
        httpVersion: 'HTTP/1.1',
        headers: [{ name: 'Content-Type', value: answer.headers.get('content-type') ?? '' }],
        cookies: [],
        content: { size: body.length, mimeType: answer.headers.get('content-type') ?? '', text: body },
        redirectURL: '',
        headersSize: -1,
        bodySize: body.length,
      },
      cache: {},
      timings: { send: 0, wait: 0, receive: 0 },
    });
  }
  return JSON.stringify({ log: { version: '1.2', creator: { name: 'argus-bench', version: '1' }, entries } });
}
