/* global __ENV, __VU, __ITER, open */
// k6 load test of the analysis pipeline through the gateway: `npm run loadtest:analysis` runs it
// against embedded mode and the distributed topology with one and two analysis processes; alone:
//   NOVELS=$(node --conditions=@castbook/source --import tsx infra/scripts/pdnc-novels.ts) \
//   K6_SCRIPT=infra/k6/analysis.js BOOKS=20 PDNC_DIR=/work/shared/data/pdnc-dev npm run loadtest
// Every virtual user is a new user who does what the browser does for one book: signs up, creates
// an author, uploads a novel of the dev set as a project (multipart, the whole text), detects its
// structure, starts the analysis and polls its progress every 3 s (SPEC §9) until it is complete,
// then reads the project to see it analysed. BOOKS users start at once (default 20), each doing
// ROUNDS books one after the other (default 1; a new account each time). With one round the last
// book's 3-second poll and the first books' sign-ups weigh on a run of a few seconds; more rounds
// keep the pipeline busy, so books per minute is a throughput rather than a burst's length.
// Prints books per minute, p95 upload-to-analysed time and errors. No thresholds on time:
// benchmarks report figures, they do not fail on them.
import http from 'k6/http';
import { check, sleep } from 'k6';
import { Counter, Trend } from 'k6/metrics';
import { BASE_URL, browserHeaders, csrfOf, jsonHeaders, multipart, PASSWORD, register } from './lib/session.js';

const BOOKS = Number(__ENV.BOOKS || 20);
const ROUNDS = Number(__ENV.ROUNDS || 1);
const PDNC_DIR = __ENV.PDNC_DIR || '../../../shared/data/pdnc-dev';
const LABEL = __ENV.LABEL || 'analysis pipeline';
const POLL_SECONDS = 3;
const GIVE_UP_SECONDS = 600;

// The dev set's novels that fit the Free plan (100,000 words per project), shortest first; each
// user takes the next. k6 cannot list a folder: NOVELS holds their folder names, comma-separated,
// as infra/scripts/pdnc-novels.ts lists them from the dev set (loadtest-analysis.sh runs it).
const NOVELS = (__ENV.NOVELS || '').split(',').filter(Boolean);
if (!NOVELS.length) {
  throw new Error(
    'NOVELS is not set: NOVELS=$(node --conditions=@castbook/source --import tsx infra/scripts/pdnc-novels.ts)',
  );
}
const TEXTS = NOVELS.map((n) => open(`${PDNC_DIR}/${n}/text.txt`));

const uploadToAnalysed = new Trend('upload_to_analysed', true);
const booksAnalysed = new Counter('books_analysed');
const pipelineErrors = new Counter('pipeline_errors');

export const options = {
  scenarios: {
    books: {
      executor: 'per-vu-iterations',
      vus: BOOKS,
      iterations: ROUNDS,
      maxDuration: `${ROUNDS * GIVE_UP_SECONDS + 60}s`,
    },
  },
  summaryTrendStats: ['avg', 'min', 'med', 'p(90)', 'p(95)', 'max'],
};

function failed(step, res) {
  pipelineErrors.add(1, { step });
  console.error(`VU ${__VU}: ${step} answered ${res.status}: ${String(res.body).slice(0, 200)}`);
}

export default function () {
  const loginPage = http.get(`${BASE_URL}/api/auth/login`);
  const csrf = csrfOf(loginPage);
  const email = `books.${Date.now().toString(36)}.${__VU}.${__ITER}@example.com`;
  const registered = register(csrf, `Reader ${__VU}`, email, 'free');
  if (registered.status !== 201) return failed('register', registered);
  const login = http.post(`${BASE_URL}/api/auth/login`, JSON.stringify({ email, password: PASSWORD }), {
    headers: jsonHeaders(csrf),
  });
  if (login.status !== 200) return failed('login', login);
  const token = login.json('data.token');
  // Accept-Encoding as a browser sends it: the gateway compresses what it answers.
  const auth = browserHeaders(csrf, token);

  const authorForm = multipart({ firstName: 'Load', lastName: `Author ${__VU}` });
  const author = http.post(`${BASE_URL}/api/authors`, authorForm.body, {
    headers: { ...auth, 'Content-Type': authorForm.type },
  });
  if (author.status !== 201) return failed('create author', author);

  const novel = (__VU - 1 + __ITER) % NOVELS.length;
  const projectForm = multipart({ title: NOVELS[novel], content: TEXTS[novel], authorId: author.json('data.id') });
  const started = Date.now();
  const project = http.post(`${BASE_URL}/api/projects`, projectForm.body, {
    headers: { ...auth, 'Content-Type': projectForm.type },
    timeout: '120s',
  });
  if (project.status !== 201) return failed('create project', project);
  const id = project.json('data.id');
  const detected = http.post(`${BASE_URL}/api/projects/${id}/detect-structure`, '{}', {
    headers: jsonHeaders(csrf, token),
  });
  if (detected.status !== 200) return failed('detect structure', detected);
  const analyze = http.post(`${BASE_URL}/api/projects/${id}/analyze`, null, { headers: auth });
  if (analyze.status !== 200) return failed('analyze', analyze);

  for (;;) {
    sleep(POLL_SECONDS);
    const progress = http.get(`${BASE_URL}/api/projects/${id}/analysis-progress`, {
      headers: auth,
      tags: { name: 'GET /api/projects/{id}/analysis-progress' },
    });
    if (progress.status !== 200) return failed('progress', progress);
    if (progress.json('data.isComplete')) {
      if (progress.json('data.error')) return failed('analysis', progress);
      break;
    }
    if ((Date.now() - started) / 1000 > GIVE_UP_SECONDS) return failed('analysis (never completed)', progress);
  }
  const done = http.get(`${BASE_URL}/api/projects/${id}`, {
    headers: auth,
    tags: { name: 'GET /api/projects/{id}' },
  });
  const analysed = check(done, {
    'project analysed': (r) => r.status === 200 && r.json('data.analysisStatus') === 'completed',
    'speakers found': (r) => r.status === 200 && r.json('data.quotes').length > 0,
  });
  if (!analysed) return failed('analysed project', done);
  uploadToAnalysed.add(Date.now() - started);
  booksAnalysed.add(1);
}

export function handleSummary(data) {
  const m = (name, field) => (data.metrics[name] ? data.metrics[name].values[field] : 0);
  const minutes = data.state.testRunDurationMs / 60000;
  const books = m('books_analysed', 'count');
  const lines = [
    `[${LABEL}] ${books} of ${BOOKS * ROUNDS} books analysed in ${(minutes * 60).toFixed(1)} s: ` +
      `${(books / minutes).toFixed(1)} books/min`,
    `[${LABEL}] upload to analysed: p50 ${(m('upload_to_analysed', 'med') / 1000).toFixed(1)} s, ` +
      `p95 ${(m('upload_to_analysed', 'p(95)') / 1000).toFixed(1)} s, max ${(m('upload_to_analysed', 'max') / 1000).toFixed(1)} s`,
    `[${LABEL}] errors: ${m('pipeline_errors', 'count')}; failed HTTP requests ` +
      `${(m('http_req_failed', 'rate') * 100).toFixed(2)} %`,
  ];
  return { stdout: `${lines.join('\n')}\n` };
}
