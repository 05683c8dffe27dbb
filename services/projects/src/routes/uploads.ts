// POST /api/upload/parse-document (multipart `file`: .docx or .txt, read by content) and the audio
// samples: POST /api/upload/audio {audioData, fileType}, GET /api/upload/audio/{name} (owner only).
import { apiSuccess, ok } from '@castbook/contracts';
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
import { AUDIO_FILE_TYPES, documentText, type AudioSamples } from '../domain/uploads.js';

/** The shape AudioSamples.store takes (its content is then checked against fileType). */
const AUDIO_DATA_URL = /^data:[\w/+.-]*(;[\w=.-]+)*;base64,[A-Za-z0-9+/=\s]*$/;
/** A valid (empty, 8 kHz mono) WAV: the document's example of a recording. */
const SILENT_WAV = 'UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YQAAAAA=';

export function uploadRoutes(
  app: HttpService,
  deps: { audio: AudioSamples; maxDocumentBytes: number; maxAudioBytes: number },
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
        body: z.object({
          audioData: z
            .string()
            .min(1)
            .describe('The recording as a base64 data URL, checked by content against fileType')
            .meta({ pattern: AUDIO_DATA_URL.source, examples: [`data:audio/wav;base64,${SILENT_WAV}`] }),
          fileType: z.enum(AUDIO_FILE_TYPES).default('wav'),
        }),
        response: { 200: apiSuccess(z.object({ url: z.string() })), ...errorResponses(400, 401, 413) },
      },
    },
    async (req) => ok({ url: await deps.audio.store(currentUser(req).userId, req.body.audioData, req.body.fileType) }),
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
