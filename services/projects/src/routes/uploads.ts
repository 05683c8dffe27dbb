// POST /api/upload/parse-document (multipart `file`: .docx or .txt, read by content) and the audio
// samples: POST /api/upload/audio {audioData, fileType}, GET /api/upload/audio/{name} (owner only).
import { apiError, apiSuccess, ok } from '@castbook/contracts';
import {
  binaryResponse,
  currentUser,
  errorResponses,
  HttpError,
  multipartBody,
  type authHook,
  type HttpService,
} from '@castbook/platform';
import { z } from 'zod';
import { checkFields, readForm } from '@castbook/platform';
import type { Projects } from '../domain/project-service.js';
import { AUDIO_FILE_TYPES, documentText, type AudioSamples } from '../domain/uploads.js';
import { callerOf } from './projects.js';

/** The shape AudioSamples.store takes (its content is then checked against fileType). */
const AUDIO_DATA_URL = /^data:[\w/+.-]*(;[\w=.-]+)*;base64,[A-Za-z0-9+/=\s]*$/;
/** A valid (empty, 8 kHz mono) WAV: the document's example of a recording. */
const SILENT_WAV = 'UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YQAAAAA=';

export function uploadRoutes(
  app: HttpService,
  deps: { audio: AudioSamples; projects: Projects; maxDocumentBytes: number; maxAudioBytes: number },
  signedIn: ReturnType<typeof authHook>,
) {
  app.post(
    '/api/upload/parse-document',
    {
      onRequest: signedIn,
      bodyLimit: deps.maxDocumentBytes + 1024 * 1024,
      schema: {
        summary: 'The text of a .docx or .txt document (read by content, never stored)',
        ...multipartBody(
          z.strictObject({
            file: z
              .file()
              .describe('A .docx or a plain-text file')
              .meta({ examples: ['Chapter 1\n\n"Good morning," said Anne.\n'] }),
          }),
        ),
        response: { 200: apiSuccess(z.object({ text: z.string() })), ...errorResponses(400, 401, 413) },
      },
    },
    async (req) => {
      const { fields, files } = await readForm(req, deps.maxDocumentBytes);
      checkFields(z.strictObject({}), fields); // the file is the only part it takes
      const file = files.file;
      if (!file) throw new HttpError(400, 'No file was uploaded (form field "file")');
      // The document is read in memory and never stored: the text becomes a project's content only
      // when the user saves it, and a parse counts against nothing.
      return ok({ text: await documentText(file.bytes) });
    },
  );

  app.post(
    '/api/upload/audio',
    {
      onRequest: signedIn,
      // base64 is 4/3 of the bytes; the decoded size is checked again exactly.
      bodyLimit: Math.ceil((deps.maxAudioBytes * 4) / 3) + 64 * 1024,
      schema: {
        summary: "Store a character's voice sample; answers the URL to save as the character's audioSample",
        description:
          'Needs a plan with voice:recording (Pro, Enterprise): 403 otherwise. The recording counts toward ' +
          "the plan's storage (every stored byte, avatars included): 413 when it would go over. With " +
          '`projectId`, the project must be writable (403 when it is read-only over the project limit).',
        body: z.object({
          audioData: z
            .string()
            .min(1)
            .describe('The recording as a base64 data URL, checked by content against fileType')
            .meta({ pattern: AUDIO_DATA_URL.source, examples: [`data:audio/wav;base64,${SILENT_WAV}`] }),
          fileType: z.enum(AUDIO_FILE_TYPES).default('wav'),
          projectId: z
            .string()
            .max(200)
            .optional()
            .describe('The project whose character gets the sample (checked writable)'),
        }),
        response: {
          200: apiSuccess(z.object({ url: z.string() })),
          403: apiError.describe('The plan has no voice:recording, or the project is read-only'),
          413: apiError.describe("Over the recording's size limit, or over the plan's storage"),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (req) =>
      ok({
        url: await deps.projects.storeAudio(callerOf(req), req.body.audioData, req.body.fileType, req.body.projectId),
      }),
  );

  app.get(
    '/api/upload/audio/:name',
    {
      onRequest: signedIn,
      schema: {
        summary: 'A stored voice sample (its owner only)',
        params: z.object({ name: z.string() }),
        response: {
          200: binaryResponse('The recording', ['audio/wav', 'audio/webm', 'audio/ogg', 'audio/mpeg', 'audio/mp4']),
          ...errorResponses(401, 404),
        },
      },
    },
    async (req, reply) => {
      const { bytes, type } = await deps.audio.read(currentUser(req).userId, req.params.name);
      return reply.header('content-type', type).header('cache-control', 'private, max-age=3600').send(bytes);
    },
  );
}
