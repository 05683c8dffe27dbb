// Issue 19: speaker edits over many lines (services/projects README, "Speaker edits over many
// lines") and the casting breakdown the workspace charts. The edits answer the project's characters
// (takes with their signed playUrl) and quotes as they are after the change, like merge and delete.
import {
  apiError,
  apiSuccess,
  breakdown as breakdownSchema,
  character,
  hexColor,
  ok,
  quote,
  spreadProposal,
} from '@castbook/contracts';
import { currentUser, errorResponses, type authHook, type HttpService } from '@castbook/platform';
import { z } from 'zod';
import type { AudioUrls } from '../domain/audio-urls.js';
import type { Projects } from '../domain/project-service.js';
import type { ProjectRecord } from '../domain/projects.js';
import { etagOf } from '../domain/revision.js';
import type { FastifyReply } from 'fastify';
import { bookView, breakdown } from '../exports/book.js';
import { callerOf } from './projects.js';

const READ_ONLY_403 = apiError.describe(
  "The project is read-only (over the plan's project limit), or the CSRF pair is missing or different",
);
const idString = (what: string) => z.string().min(1).max(200).describe(what);
const speakerId = z.string().max(200).nullable();

const castAnswer = { characters: z.array(character), quotes: z.array(quote) };
export function speakerEditRoutes(
  app: HttpService,
  deps: { projects: Projects; audioUrls: AudioUrls },
  signedIn: ReturnType<typeof authHook>,
) {
  const { projects, audioUrls } = deps;
  /** The cast after the change; the revision it made goes out as the ETag. */
  const cast = (reply: FastifyReply, p: ProjectRecord) => {
    void reply.header('ETag', etagOf(p.revision));
    return { characters: audioUrls.withPlayUrls(p.userId, p.characters), quotes: p.quotes };
  };

  app.post(
    '/api/projects/:id/quotes/:quoteId/spread',
    {
      onRequest: signedIn,
      schema: {
        summary: "Propose re-deciding the rest of a quote's conversation with its speaker as an anchor",
        description:
          "The engine's conversation decoding runs again over that quote's conversation only, with its " +
          'speaker and every speaker the user set held. Answers the lines whose speaker would change; ' +
          'changes nothing. Apply with …/spread/apply.',
        params: z.object({ id: z.string(), quoteId: z.string() }),
        response: {
          200: apiSuccess(spreadProposal),
          ...errorResponses(401),
          404: apiError.describe('No such project or quote (or not yours)'),
        },
      },
    },
    async (req) => ok(await projects.proposeSpread(currentUser(req).userId, req.params.id, req.params.quoteId)),
  );

  app.post(
    '/api/projects/:id/quotes/:quoteId/spread/apply',
    {
      onRequest: signedIn,
      schema: {
        summary: 'Apply the changes of a spread proposal',
        description:
          "Each line takes its new speaker as the user's (re-analysis keeps it). 409 when the text " +
          "version is not the proposal's, or a line no longer has the speaker the proposal saw: nothing changes.",
        params: z.object({ id: z.string(), quoteId: z.string() }),
        body: z.strictObject({
          contentVersion: z.number().int().nonnegative(),
          changes: z
            .array(
              z.strictObject({
                quoteId: idString('A quote of the proposal'),
                fromSpeakerId: speakerId.describe('The speaker the proposal saw'),
                toSpeakerId: speakerId.describe('The new speaker (null: unattributed)'),
              }),
            )
            .max(10_000),
        }),
        response: {
          200: apiSuccess(z.object(castAnswer)),
          400: apiError.describe('No changes, a quote listed twice, or a speaker not in the cast'),
          403: READ_ONLY_403,
          404: apiError.describe('No such project (or not yours)'),
          409: apiError.describe('The project changed since the proposal'),
          ...errorResponses(401, 413),
        },
      },
    },
    async (req, reply) => {
      const { contentVersion, changes } = req.body;
      return ok(cast(reply, await projects.applySpeakerChanges(callerOf(req), req.params.id, contentVersion, changes)));
    },
  );

  app.post(
    '/api/projects/:id/characters/:characterId/assign',
    {
      onRequest: signedIn,
      schema: {
        summary: "Assign all of a character's lines in one chapter to another character",
        description:
          "The character's lines inside the outline item `chapterId` become `toId`'s, as the user's " +
          '(re-analysis keeps them). `dryRun: true` only counts them.',
        params: z.object({ id: z.string(), characterId: z.string() }),
        body: z.strictObject({
          toId: idString('The character the lines go to'),
          chapterId: idString("An outline item's id (a part takes its chapters' lines)"),
          dryRun: z.boolean().default(false),
        }),
        response: {
          200: apiSuccess(
            z.object({
              moved: z.number().int().describe('Lines given to toId (or that would be, on a dry run)'),
              ...z.object(castAnswer).partial().shape,
            }),
          ),
          400: apiError.describe('toId is not a character of the project, or is the same character'),
          403: READ_ONLY_403,
          404: apiError.describe('No such project, character or chapter (or not yours)'),
          ...errorResponses(401, 413),
        },
      },
    },
    async (req, reply) => {
      const { toId, chapterId, dryRun } = req.body;
      const input = { fromId: req.params.characterId, toId, chapterId };
      const done = await projects.assignChapterLines(callerOf(req), req.params.id, input, dryRun);
      return ok(done.project ? { moved: done.moved, ...cast(reply, done.project) } : { moved: done.moved });
    },
  );

  app.post(
    '/api/projects/:id/characters/:characterId/split',
    {
      onRequest: signedIn,
      schema: {
        summary: 'Split lines off into a new character',
        description:
          "The listed lines (each must be the character's now) go to a new character of the user's named " +
          '`name` (re-analysis keeps it and them). A name the cast already goes by is a 409.',
        params: z.object({ id: z.string(), characterId: z.string() }),
        body: z.strictObject({
          name: character.shape.name,
          color: hexColor,
          quoteIds: z.array(idString("One of the character's lines")).max(10_000),
        }),
        response: {
          200: apiSuccess(z.object({ characterId: z.string(), ...castAnswer })),
          400: apiError.describe("No lines, a line that is not the character's, or a bad name or colour"),
          403: READ_ONLY_403,
          404: apiError.describe('No such project, character or quote (or not yours)'),
          409: apiError.describe('A character of that name already exists'),
          ...errorResponses(401, 413),
        },
      },
    },
    async (req, reply) => {
      const input = { fromId: req.params.characterId, ...req.body };
      const done = await projects.splitLines(callerOf(req), req.params.id, input);
      return ok({ characterId: done.characterId, ...cast(reply, done.project) });
    },
  );

  app.get(
    '/api/projects/:id/breakdown',
    {
      onRequest: signedIn,
      schema: {
        summary: 'The casting breakdown: lines and words per character per chapter',
        description: 'The figures of breakdown.csv (one computation), for the workspace chart.',
        params: z.object({ id: z.string() }),
        response: { 200: apiSuccess(breakdownSchema), ...errorResponses(401, 404) },
      },
    },
    async (req) => {
      const { project, content } = await projects.withContent(currentUser(req).userId, req.params.id);
      return ok(breakdown(bookView({ ...project, content })));
    },
  );
}
