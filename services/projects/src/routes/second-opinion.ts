// The second opinion on doubtful speakers (issue 18): read the state, estimate, start, cancel. The
// projects service runs it because it owns the quotes it re-decides (README, "Second opinion").
import {
  apiError,
  apiSuccess,
  ok,
  secondOpinionEstimate,
  secondOpinionRequest,
  secondOpinionState,
} from '@castbook/contracts';
import { errorResponses, type authHook, type HttpService, type Logger } from '@castbook/platform';
import { z } from 'zod';
import type { SecondOpinions } from '../domain/second-opinion/service.js';
import { callerOf } from './projects.js';

const params = z.object({ id: z.string() });
const REFUSALS =
  '403 on a plan without characters:analysis (Pro) or a read-only project; 409 when no language model is ' +
  'configured, the project is being analysed, nothing is doubtful, a run is going already, or the estimate ' +
  "does not fit what is left of the month's token budget.";

export function secondOpinionRoutes(
  app: HttpService,
  secondOpinions: SecondOpinions,
  signedIn: ReturnType<typeof authHook>,
  options: { leaseMs: number; logger: Logger },
): void {
  // Runs whose process stopped are taken up here: at boot and every half lease (one sweep at a time,
  // stopped with the service; this process's runs stop too, their leases run out for another to resume).
  let sweeping: Promise<unknown> | undefined;
  const sweep = () => {
    sweeping ??= secondOpinions
      .resumeAbandoned()
      .then((n) => n > 0 && options.logger.info({ runs: n }, 'second opinion runs taken up'))
      .catch((err: unknown) => options.logger.warn({ err }, 'second opinion sweep failed'))
      .finally(() => (sweeping = undefined));
  };
  const sweeper = setInterval(sweep, options.leaseMs / 2);
  sweeper.unref();
  app.addHook('onReady', async () => sweep());
  app.addHook('onClose', async () => {
    clearInterval(sweeper);
    await sweeping;
    await secondOpinions.close();
  });

  app.get(
    '/api/projects/:id/second-opinion',
    {
      onRequest: signedIn,
      schema: {
        summary: 'The second opinion on doubtful speakers: the provider and the latest run (poll it for progress)',
        description:
          '`provider` is null when no language model is configured (no run can start). `job` is the latest run ' +
          'of the project, running or finished (its progress, what it changed, why it stopped), or null.',
        params,
        response: { 200: apiSuccess(secondOpinionState), ...errorResponses(401, 404) },
      },
    },
    async (req) => ok(await secondOpinions.state(callerOf(req), req.params.id)),
  );

  app.post(
    '/api/projects/:id/second-opinion/estimate',
    {
      onRequest: signedIn,
      schema: {
        summary: 'What a second opinion would ask and cost (Pro: characters:analysis)',
        description:
          'The doubtful quotes (under `threshold`, not set by the user, at least two candidate speakers), their ' +
          'batches, the tokens of the batches not cached yet (counted with the o200k tokenizer) and their share ' +
          `of the user's monthly budget. ${REFUSALS}`,
        params,
        body: secondOpinionRequest,
        response: {
          200: apiSuccess(secondOpinionEstimate),
          403: apiError.describe('The plan has no characters:analysis, or the CSRF pair is missing'),
          409: apiError.describe('No language model configured, or the project is being analysed'),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (req) => ok(await secondOpinions.estimate(callerOf(req), req.params.id, req.body.threshold)),
  );

  app.post(
    '/api/projects/:id/second-opinion',
    {
      onRequest: signedIn,
      schema: {
        summary: 'Start a second opinion on doubtful speakers (Pro: characters:analysis)',
        description:
          'Answers 202 at once with the running job; poll GET …/second-opinion for its progress. Each batch ' +
          "of quotes goes to the language model with the passages around them and their candidates; the model's " +
          "answers become attributionMethod 'ai' with its confidence. Speakers the user set are never touched. " +
          `A new text or a new analysis stops the run. ${REFUSALS}`,
        params,
        body: secondOpinionRequest,
        response: {
          202: apiSuccess(secondOpinionState),
          403: apiError.describe('The plan has no characters:analysis, the project is read-only, or CSRF'),
          409: apiError.describe('Not startable now (the reason is in the message)'),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (req, reply) => {
      const state = await secondOpinions.start(callerOf(req), req.params.id, req.body.threshold);
      return reply.code(202).send(ok(state));
    },
  );

  // Stopping is allowed on any plan and on a read-only project.
  app.post(
    '/api/projects/:id/second-opinion/cancel',
    {
      onRequest: signedIn,
      schema: {
        summary: "Stop the project's running second opinion (the batches done stay)",
        description: 'With no run going, answers the state as it is.',
        params,
        response: {
          200: apiSuccess(secondOpinionState),
          403: apiError.describe('CSRF pair missing or different'),
          ...errorResponses(401, 404),
        },
      },
    },
    async (req) => ok(await secondOpinions.cancel(callerOf(req), req.params.id)),
  );
}
