/* global __ENV */
// k6 load test of the project list through the gateway: `npm run loadtest:projects`, or
//   K6_SCRIPT=infra/k6/projects-list.js npm run loadtest
// setup() signs up one user on the Pro plan (its trial has no project limit), creates an author and
// PROJECTS projects (default 50) with a few chapters each, their structure detected; HEAVY of them
// (default 2) also get a novel's worth of characters and quotes (about 0.7 MB of JSON each, as in
// the issue), which the list must not read. Then GET /api/projects (one page: the default limit is
// 50) at a constant RATE of requests per second (default 500) for DURATION (default 30s); MODE=vus
// instead runs VUS (default 20) users back to back, to find the ceiling. LIST_URL sends the load
// elsewhere than BASE_URL (e.g. straight to the projects service, to see the gateway's share).
// Target (the issue): at least 500 requests/s with p95 under 50 ms. Prints requests/s, p50/p95/p99
// and whether the target was met; no thresholds on time (benchmarks report figures, they do not
// fail on them), only checks that every answer is a 200.
import http from 'k6/http';
import { check, fail } from 'k6';
import { BASE_URL, browserHeaders, csrfOf, jsonHeaders, multipart, PASSWORD, register } from './lib/session.js';

// Where the load goes (default: the gateway). The projects service's own URL splits out the gateway's share.
const LIST_URL = (__ENV.LIST_URL || BASE_URL).replace(/\/$/, '');
const PROJECTS = Number(__ENV.PROJECTS || 50);
const HEAVY = Math.min(PROJECTS, Number(__ENV.HEAVY ?? 2));
const MODE = __ENV.MODE || 'rate';
const RATE = Number(__ENV.RATE || 500);
const VUS = Number(__ENV.VUS || 20);
const DURATION = __ENV.DURATION || '30s';
const LIST = 'GET /api/projects';
const TARGET = { rps: 500, p95: 50 };

export const options = {
  scenarios: {
    list:
      MODE === 'vus'
        ? { executor: 'constant-vus', vus: VUS, duration: DURATION }
        : {
            executor: 'constant-arrival-rate',
            rate: RATE,
            timeUnit: '1s',
            duration: DURATION,
            preAllocatedVUs: Math.max(10, Math.ceil(RATE / 10)),
            maxVUs: Math.max(50, RATE),
          },
  },
  // The list bodies are not read under load (setup() checks one): parsing them would take the
  // load generator's CPU from the server on a small machine.
  discardResponseBodies: true,
  summaryTrendStats: ['avg', 'min', 'med', 'p(90)', 'p(95)', 'p(99)', 'max'],
  // Always-true threshold: it makes k6 keep the list's sub-metric for the summary.
  thresholds: { [`http_req_duration{name:${LIST}}`]: ['max>=0'] },
  setupTimeout: '300s',
};

const text = { responseType: 'text' };
function expectStatus(res, status, step) {
  if (res.status !== status) fail(`${step} answered ${res.status}: ${String(res.body).slice(0, 300)}`);
  return res;
}

/** A short book: `chapters` chapters of a few paragraphs, with a line of dialogue in each. */
function book(chapters) {
  let s = '';
  for (let c = 1; c <= chapters; c++) {
    s += `CHAPTER ${c}. The ${c}th Day\n\n`;
    s += `${'The rain kept on over the marsh and the lamps were lit early in the town. '.repeat(8)}\n\n`;
    s += `"We shall see," said Orla, and she went out into the grey afternoon.\n\n`;
  }
  return s;
}

/** A novel's worth of analysis results for a text of `length` characters. */
function heavyResults(length) {
  const characters = [];
  for (let i = 0; i < 120; i++) {
    characters.push({
      id: `c${i}`,
      name: `Character ${i}`,
      color: `#${(0x100000 + i * 7919).toString(16).slice(-6)}`,
      summary: `A person of the story, number ${i}, who appears now and then and says a few things. `.repeat(3),
      mentions: i * 3,
      alternativeNames: [`C${i}`, `Mr. ${i}`],
    });
  }
  const quotes = [];
  for (let i = 0; i < 2000; i++) {
    const start = (i * 37) % Math.max(1, length - 80);
    quotes.push({
      id: `q${i}`,
      text: 'We shall see, she said, and went out into the grey afternoon of the marsh town.',
      startOffset: start,
      endOffset: start + 60,
      speakerId: `c${i % 120}`,
      confidence: 0.87,
      attributionMethod: 'explicit',
      candidates: [
        { speakerId: `c${i % 120}`, probability: 0.87 },
        { speakerId: `c${(i + 1) % 120}`, probability: 0.1 },
      ],
      evidence: ['tagName', 'turnTaking'],
    });
  }
  return { characters, quotes };
}

export function setup() {
  const loginPage = http.get(`${BASE_URL}/api/auth/login`, text);
  const csrf = csrfOf(loginPage);
  if (!csrf) fail(`no CSRF token from GET /api/auth/login (${loginPage.status})`);
  const email = `projects.${Date.now().toString(36)}@example.com`;
  // Pro starts the trial: no project limit (PRODUCT.md).
  const registered = register(csrf, 'List Load', email, 'pro', text);
  expectStatus(registered, 201, 'register');
  let token = registered.json('data.token');
  if (!token) {
    const login = http.post(`${BASE_URL}/api/auth/login`, JSON.stringify({ email, password: PASSWORD }), {
      headers: jsonHeaders(csrf),
      ...text,
    });
    token = expectStatus(login, 200, 'login').json('data.token');
  }
  // Accept-Encoding as a browser sends it: the gateway compresses what it answers.
  const auth = browserHeaders(csrf, token);

  const authorForm = multipart({ firstName: 'Load', lastName: 'Author' });
  const author = http.post(`${BASE_URL}/api/authors`, authorForm.body, {
    headers: { ...auth, 'Content-Type': authorForm.type },
    ...text,
  });
  const authorId = expectStatus(author, 201, 'create author').json('data.id');

  for (let i = 0; i < PROJECTS; i++) {
    const content = book(3 + (i % 5));
    const form = multipart({ title: `Load book ${i + 1}`, content, authorId });
    const created = http.post(`${BASE_URL}/api/projects`, form.body, {
      headers: { ...auth, 'Content-Type': form.type },
      ...text,
    });
    const id = expectStatus(created, 201, `create project ${i + 1}`).json('data.id');
    expectStatus(
      http.post(`${BASE_URL}/api/projects/${id}/detect-structure`, '{}', {
        headers: jsonHeaders(csrf, token),
        ...text,
      }),
      200,
      'detect structure',
    );
    if (i < HEAVY) {
      const { characters, quotes } = heavyResults(content.length);
      for (const [field, value] of [
        ['characters', characters],
        ['quotes', quotes],
      ]) {
        const res = http.patch(`${BASE_URL}/api/projects/${id}/${field}`, JSON.stringify({ [field]: value }), {
          headers: jsonHeaders(csrf, token),
          ...text,
        });
        expectStatus(res, 200, `save ${field}`);
      }
    }
  }

  // One list, read in full: every project, as summaries.
  const list = expectStatus(http.get(`${BASE_URL}/api/projects`, { headers: auth, ...text }), 200, 'list');
  const data = list.json('data');
  if (data.length !== Math.min(PROJECTS, 50)) fail(`the list has ${data.length} projects, not ${PROJECTS}`);
  if (data.some((p) => 'quotes' in p || 'characters' in p || 'outline' in p)) fail('the list carries analysis results');
  const heavy = expectStatus(
    http.get(`${BASE_URL}/api/projects/${data[data.length - 1].id}`, { headers: auth, ...text }),
    200,
    'project',
  );
  console.log(
    `setup: ${PROJECTS} projects (${HEAVY} with analysis results); list ${list.body.length} bytes, ` +
      `first project ${heavy.body.length} bytes; nextCursor ${list.json('nextCursor')}`,
  );
  return { auth };
}

export default function (data) {
  const res = http.get(`${LIST_URL}/api/projects`, { headers: data.auth, tags: { name: LIST } });
  check(res, { [`${LIST} is 200`]: (r) => r.status === 200 });
}

/** Seconds of a k6 duration such as '30s', '2m' or '1m30s'. */
function seconds(duration) {
  let total = 0;
  for (const [, n, unit] of String(duration).matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)) {
    total += Number(n) * { ms: 0.001, s: 1, m: 60, h: 3600 }[unit];
  }
  return total || 30;
}

export function handleSummary(data) {
  const v = (name, field) => (data.metrics[name] ? data.metrics[name].values[field] : 0);
  const latency = (field) => v(`http_req_duration{name:${LIST}}`, field);
  // Lists per second of the load phase (k6's own rate would count setup's time too).
  const requests = v('iterations', 'count');
  const rps = requests / seconds(DURATION);
  const met = rps >= TARGET.rps && latency('p(95)') < TARGET.p95;
  const scenario = MODE === 'vus' ? `${VUS} VUs back to back` : `${RATE}/s offered`;
  const lines = [
    `[projects list] ${scenario} for ${DURATION}, ${PROJECTS} projects: ${rps.toFixed(1)} requests/s ` +
      `(${requests} requests, ${v('dropped_iterations', 'count')} dropped)`,
    `[projects list] latency: avg ${latency('avg').toFixed(1)} ms, p50 ${latency('med').toFixed(1)} ms, ` +
      `p90 ${latency('p(90)').toFixed(1)} ms, p95 ${latency('p(95)').toFixed(1)} ms, ` +
      `p99 ${latency('p(99)').toFixed(1)} ms, max ${latency('max').toFixed(1)} ms`,
    `[projects list] failed requests ${(v('http_req_failed', 'rate') * 100).toFixed(2)} %, ` +
      `checks passed ${(v('checks', 'rate') * 100).toFixed(2)} %`,
    `[projects list] target >= ${TARGET.rps} requests/s with p95 < ${TARGET.p95} ms: ${met ? 'met' : 'NOT met'}`,
  ];
  return { stdout: `${lines.join('\n')}\n` };
}
