// The duration histogram the capture fast path observes into: the same
// exposition as prom-client's own Histogram for the same observations.
import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { SeriesHistogram } from '../src/observability.js';

const BUCKETS = [0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10];
const OBSERVED: [Record<'method' | 'route' | 'status', string>, number][] = [
  [{ method: 'POST', route: '/gateway/*', status: '202' }, 0.0004],
  [{ method: 'POST', route: '/gateway/*', status: '202' }, 0.002],
  [{ method: 'POST', route: '/gateway/*', status: '202' }, 0.0021],
  [{ method: 'GET', route: '/metrics', status: '200' }, 0.3],
  [{ method: 'POST', route: '/gateway/*', status: '503' }, 12],
  [{ method: 'GET', route: '/metrics', status: '200' }, 10],
];

describe('SeriesHistogram', () => {
  it('exposes what prom-client exposes for the same observations', async () => {
    const ours = new Registry();
    const theirs = new Registry();
    const histogram = new SeriesHistogram(
      ours,
      'argus_test_seconds',
      'Test durations',
      ['method', 'route', 'status'],
      BUCKETS,
    );
    const reference = new Histogram({
      name: 'argus_test_seconds',
      help: 'Test durations',
      labelNames: ['method', 'route', 'status'],
      buckets: BUCKETS,
      registers: [theirs],
    });
    const held = histogram.series({ method: 'POST', route: '/gateway/*', status: '202' });
    for (const [labels, value] of OBSERVED) {
      if (labels.status === '202') held.observe(value);
      else histogram.observe(labels, value);
      reference.observe(labels, value);
    }
    const text = await ours.metrics();
    expect(text).toBe(await theirs.metrics());
    expect(text).toMatch(
      /^argus_test_seconds_bucket\{le="0.002",method="POST",route="\/gateway\/\*",status="202"\} 2$/m,
    );
    expect(text).toMatch(/^argus_test_seconds_count\{method="POST",route="\/gateway\/\*",status="503"\} 1$/m);

    histogram.reset();
    reference.reset();
    expect(await ours.metrics()).toBe(await theirs.metrics());
  });
});
