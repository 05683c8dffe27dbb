// Issue 17's voice routes: a character's takes (POST multipart, DELETE) and its chosen sample and
// voice notes (PUT). Each answers the updated character, every take with its signed playUrl.
import { apiError, apiSuccess, character, ok, voiceNotes } from '@castbook/contracts';
import {
  checkFields,
  errorResponses,
  HttpError,
  multipartBody,
  readForm,
  type authHook,
  type HttpService,
  type ServiceContext,
} from '@castbook/platform';
import type { ProjectsConfig } from '../config.js';
import { z } from 'zod';
import { VOICE_MESSAGES } from '../domain/audio-content.js';
import { AudioUrls } from '../domain/audio-urls.js';
import type { Projects } from '../domain/project-service.js';
import { callerOf } from './projects.js';

const ids = z.object({ id: z.string(), characterId: z.string() });

/**
 * The document's example recording: 0.12 s of silence as 16-bit mono PCM WAV at 4,112 Hz, a rate
 * chosen so every byte is ASCII and the example survives being sent as text (as API tools send a
 * string example of a file field).
 */
function asciiWav(): string {
  const data = 1024;
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'latin1');
  h.writeUInt32LE(36 + data, 4);
  h.write('WAVEfmt ', 8, 'latin1');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(1, 22);
  h.writeUInt32LE(0x1010, 24);
  h.writeUInt32LE(0x2020, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36, 'latin1');
  h.writeUInt32LE(data, 40);
  return Buffer.concat([h, Buffer.alloc(data)]).toString('latin1');
}
const takeForm = z.strictObject({
  source: z.enum(['recorded', 'uploaded']).default('recorded'),
});

/**
 * The signer of playback URLs (AUDIO_URL_SECRET, else derived from SERVICE_SECRET), and the sweep of
 * samples no character refers to an hour after their upload: it runs every AUDIO_SWEEP_INTERVAL_MS
 * even when no request comes (billing's sweeper pattern: one run at a time, stopped with the service).
 */
export function voiceSamples(app: HttpService, ctx: ServiceContext<ProjectsConfig>, projects: Projects): AudioUrls {
  const { config, logger } = ctx;
  let sweeping: Promise<unknown> | undefined;
  const sweeper = setInterval(() => {
    sweeping ??= projects
      .sweepUnattachedSamples(config.AUDIO_UNATTACHED_MS)
      .then((n) => n > 0 && logger.info({ samples: n }, 'unattached voice samples deleted'))
      .catch((err: unknown) => logger.warn({ err }, 'voice sample sweep failed'))
      .finally(() => (sweeping = undefined));
  }, config.AUDIO_SWEEP_INTERVAL_MS);
  sweeper.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweeper);
    await sweeping;
  });
  return new AudioUrls(config.AUDIO_URL_SECRET ?? ctx.serviceSecret);
}

export function voiceRoutes(
  app: HttpService,
  deps: { projects: Projects; audioUrls: AudioUrls; maxAudioBytes: number },
  signedIn: ReturnType<typeof authHook>,
) {
  const { projects, audioUrls } = deps;
  const answer = (userId: string, c: z.infer<typeof character>) => ok(audioUrls.withPlayUrls(userId, [c])[0]!);

  app.post(
    '/api/projects/:id/characters/:characterId/voice-takes',
    {
      onRequest: signedIn,
      schema: {
        summary: "Add a take to a character's voice (multipart: file, source)",
        description:
          'Needs voice:recording (Pro, Enterprise) on every upload. The type comes from the bytes: WAV, MP3, ' +
          'OGG (Vorbis/Opus), WebM (Opus) or M4A, at most 5 minutes and 10 MB, counted toward storage. At ' +
          'most 5 takes per character. Answers the character: the new take last, chosen as its audioSample ' +
          'if it had none. Nothing is stored on any refusal.',
        params: ids,
        ...multipartBody(
          z.strictObject({
            file: z
              .file()
              .describe('The recording')
              .meta({ examples: [asciiWav()] }),
            source: z.enum(['recorded', 'uploaded']).default('recorded').describe('Recorded in the app or uploaded'),
          }),
        ),
        response: {
          201: apiSuccess(character),
          400: apiError.describe('Not a supported recording, longer than 5 minutes, or no file'),
          403: apiError.describe('The plan has no voice:recording, or the project is read-only'),
          404: apiError.describe('No such project or character (or not yours)'),
          409: apiError.describe('The character has 5 takes already'),
          413: apiError.describe("Larger than 10 MB, or over the plan's storage"),
          ...errorResponses(401),
        },
      },
    },
    async (req, reply) => {
      const { fields, files } = await readForm(req, {
        maxFileBytes: deps.maxAudioBytes,
        fileTooLarge: VOICE_MESSAGES.tooLarge(deps.maxAudioBytes),
      });
      const { source } = checkFields(takeForm, fields);
      const file = files.file;
      if (!file) throw new HttpError(400, 'No recording was uploaded (form field "file")');
      const caller = callerOf(req);
      const saved = await projects.addVoiceTake(caller, req.params.id, req.params.characterId, file.bytes, source);
      return reply.status(201).send(answer(caller.userId, saved));
    },
  );

  app.delete(
    '/api/projects/:id/characters/:characterId/voice-takes/:takeId',
    {
      onRequest: signedIn,
      schema: {
        summary: 'Delete a take (and its recording); on every plan',
        params: ids.extend({ takeId: z.string() }),
        response: {
          200: apiSuccess(character),
          404: apiError.describe('No such project, character or take (or not yours)'),
          ...errorResponses(401),
        },
      },
    },
    async (req) => {
      const caller = callerOf(req);
      const { id, characterId, takeId } = req.params;
      return answer(caller.userId, await projects.deleteVoiceTake(caller, id, characterId, takeId));
    },
  );

  app.put(
    '/api/projects/:id/characters/:characterId/voice',
    {
      onRequest: signedIn,
      schema: {
        summary: "Choose the character's take (audioSample: a take id, or null) and/or save its voice notes",
        description: 'On every plan (choosing is not recording); the project must be writable.',
        params: ids,
        body: z.strictObject({
          audioSample: z.string().max(100).nullable().optional().describe('The id of one of its takes; null: none'),
          voiceNotes: voiceNotes.optional().describe('Replaces the notes; blank ones are dropped'),
        }),
        response: {
          200: apiSuccess(character),
          403: apiError.describe('The project is read-only'),
          404: apiError.describe('No such project, character or take (or not yours)'),
          ...errorResponses(400, 401),
        },
      },
    },
    async (req) => {
      const caller = callerOf(req);
      return answer(caller.userId, await projects.setVoice(caller, req.params.id, req.params.characterId, req.body));
    },
  );
}
