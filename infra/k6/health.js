// k6 load test of the gateway: `npm run loadtest` (infra/scripts/loadtest.sh) or
//   k6 run -e BASE_URL=http://localhost:8080 infra/k6/health.js
// Prints k6's summary; it has no pass/fail thresholds on latency (benchmarks report figures, they do
// not fail on time), only checks that responses are right, which show up in the summary.
/* global __ENV */
import http from 'k6/http';
import { check, group } from 'k6';
import { BASE_URL } from './lib/session.js';

export const options = {
  scenarios: {
    browse: {
      executor: 'constant-vus',
      vus: Number(__ENV.VUS || 10),
      duration: __ENV.DURATION || '30s',
    },
  },
  summaryTrendStats: ['avg', 'min', 'med', 'p(90)', 'p(95)', 'p(99)', 'max'],
};

// Public routes hit by every iteration. Add authenticated flows (register in setup(), then
// projects/authors CRUD with the token and CSRF header) here as the API settles.
const ROUTES = [
  // Fans out to the five services' readiness checks: exercises gateway → services round trips.
  { name: 'GET /api/health', path: '/api/health', expect: 200 },
];

export function setup() {
  const res = http.get(`${BASE_URL}/api/health`);
  if (res.status !== 200) {
    throw new Error(`${BASE_URL}/api/health answered ${res.status}: is the stack up and ready?`);
  }
}

export default function () {
  for (const route of ROUTES) {
    group(route.name, () => {
      const res = http.get(`${BASE_URL}${route.path}`, { tags: { name: route.name } });
      check(res, { [`${route.name} is ${route.expect}`]: (r) => r.status === route.expect });
    });
  }
}
