/* global __ENV, __VU */
// k6 load test of sign-in through the gateway: `npm run loadtest:auth`, or
//   K6_SCRIPT=infra/k6/auth.js VUS=20 npm run loadtest
// Each virtual user is one client with its own account (registered in setup()): it signs in
// (POST /api/auth/login, dominated by argon2id) and then loads its user three times
// (GET /api/auth/me: token check, session look-up, auth service). Prints p50/p95 per call; no
// thresholds on latency (benchmarks report figures, they do not fail on time).
// The gateway's per-IP limits (30 sign-ins and 10 registrations a minute) would throttle one load
// generator, so `loadtest:auth` starts the stack with them raised; against a stack you started
// yourself, set RATE_LIMIT_LOGIN_PER_MINUTE / RATE_LIMIT_REGISTER_PER_MINUTE high there.
import http from 'k6/http';
import { check, fail } from 'k6';
import { BASE_URL, csrfOf, jsonHeaders, PASSWORD, register } from './lib/session.js';

const VUS = Number(__ENV.VUS || 20);
const LOGIN = 'POST /api/auth/login';
const ME = 'GET /api/auth/me';

export const options = {
  scenarios: {
    signin: { executor: 'constant-vus', vus: VUS, duration: __ENV.DURATION || '30s' },
  },
  summaryTrendStats: ['avg', 'min', 'med', 'p(90)', 'p(95)', 'p(99)', 'max'],
  // Always-true thresholds: they make k6 print the per-call sub-metrics.
  thresholds: {
    [`http_req_duration{name:${LOGIN}}`]: ['max>=0'],
    [`http_req_duration{name:${ME}}`]: ['max>=0'],
  },
};

export function setup() {
  const loginPage = http.get(`${BASE_URL}/api/auth/login`);
  const csrf = csrfOf(loginPage);
  if (!csrf) fail(`no CSRF token from GET /api/auth/login (${loginPage.status})`);
  const run = Date.now().toString(36);
  const emails = [];
  for (let i = 0; i < VUS; i++) {
    const email = `load.${run}.${i}@example.com`;
    const res = register(csrf, `Load ${i}`, email, 'free');
    if (res.status !== 201) fail(`register answered ${res.status}: ${res.body}`);
    emails.push(email);
  }
  return { csrf, emails };
}

export default function (data) {
  const email = data.emails[(__VU - 1) % data.emails.length];
  const login = http.post(
    `${BASE_URL}/api/auth/login`,
    JSON.stringify({ email, password: PASSWORD, rememberMe: false }),
    {
      headers: jsonHeaders(data.csrf),
      tags: { name: LOGIN },
    },
  );
  if (!check(login, { [`${LOGIN} is 200`]: (r) => r.status === 200 })) return;
  const token = login.json('data.token');
  for (let i = 0; i < 3; i++) {
    const me = http.get(`${BASE_URL}/api/auth/me`, { headers: jsonHeaders(data.csrf, token), tags: { name: ME } });
    check(me, { [`${ME} is 200`]: (r) => r.status === 200 });
  }
}
