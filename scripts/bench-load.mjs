import autocannon from 'autocannon';

// One autocannon run against one endpoint; prints JSON with req/s and latency percentiles.
// An optional fifth argument, `{ method, paths?, bodies? }` as JSON, rotates what is sent.
const [url, token, durationArg = '10', connectionsArg = '50', requestsArg] = process.argv.slice(2);
const spec = requestsArg ? JSON.parse(requestsArg) : null;
let sent = 0;
const latencies = [];
const instance = autocannon({
  url,
  connections: Number(connectionsArg),
  duration: Number(durationArg),
  headers: token ? { authorization: `Bearer ${token}` } : {},
  ...(spec && {
    requests: [
      {
        method: spec.method ?? 'GET',
        setupRequest: (request) => {
          const i = sent++;
          const next = { ...request };
          if (spec.paths) next.path = spec.paths[i % spec.paths.length];
          if (spec.bodies) {
            next.body = JSON.stringify(spec.bodies[i % spec.bodies.length]);
            next.headers = { ...request.headers, 'content-type': 'application/json' };
          }
          return next;
        },
      },
    ],
  }),
});
instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
const result = await instance;
latencies.sort((a, b) => a - b);
const pct = (p) =>
  latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
console.log(
  JSON.stringify({
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50: +pct(50).toFixed(2),
    p95: +pct(95).toFixed(2),
    p99: +pct(99).toFixed(2),
    non2xx: result.non2xx,
    errors: result.errors,
  }),
);
