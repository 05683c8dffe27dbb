// POST /api/upload/parse-document (multipart `file`: .docx or .txt, read by content) and the audio
// samples: POST /api/upload/audio {audioData, fileType}, GET /api/upload/audio/{name} (owner only).
import { apiError, apiSuccess, audioFileType, ok } from '@castbook/contracts';
import {
  binaryResponse,
  currentUser,
  errorResponses,
  HttpError,
  multipartBody,
  OPTIONAL_BEARER,
  type authHook,
  type HttpService,
} from '@castbook/platform';
import { z } from 'zod';
import { checkFields, readForm } from '@castbook/platform';
import type { Projects } from '../domain/project-service.js';
import { documentText, type AudioSamples } from '../domain/uploads.js';
import { byteRange, type AudioUrls } from '../domain/audio-urls.js';
import { callerOf } from './projects.js';

/** The shape POST /api/upload/audio takes (its bytes are then checked: type, length, size). */
const AUDIO_DATA_URL = /^data:[\w/+.-]*(;[\w=.-]+)*;base64,[A-Za-z0-9+/=\s]*$/;
/** A valid WAV (8 kHz mono, 8 bit, 0.1 s of silence): the document's example of a recording. */
const SILENT_WAV = Buffer.concat([
  Buffer.from('UklGRkQDAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YSADAAA=', 'base64'),
  Buffer.alloc(800, 0x80),
]).toString('base64');
const AUDIO_TYPES = ['audio/wav', 'audio/webm', 'audio/ogg', 'audio/mpeg', 'audio/mp4'];

export function uploadRoutes(
  app: HttpService,
  deps: {
    audio: AudioSamples;
    audioUrls: AudioUrls;
    projects: Projects;
    maxDocumentBytes: number;
    maxAudioBytes: number;
  },
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
          'Needs a plan with voice:recording (Pro, Enterprise): 403 otherwise. The bytes must be WAV, MP3, ' +
          'OGG (Vorbis/Opus), WebM (Opus) or M4A of at most 5 minutes and 10 MB (400/413 otherwise); the ' +
          'type is read from them (the URL ends with it), `fileType` is only a hint. The recording counts ' +
          "toward the plan's storage (every stored byte, avatars included): 413 when it would go over. With " +
          '`projectId`, the project must be writable (403 when it is read-only over the project limit). ' +
          'A sample no character refers to an hour after its upload is deleted.',
        body: z.object({
          audioData: z
            .string()
            .min(1)
            .describe('The recording as a base64 data URL, checked by its content')
            .meta({ pattern: AUDIO_DATA_URL.source, examples: [`data:audio/wav;base64,${SILENT_WAV}`] }),
          fileType: audioFileType.default('wav').describe('What the client thinks it is; the bytes decide'),
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
        url: await deps.projects.storeAudio(callerOf(req), req.body.audioData, req.body.projectId),
      }),
  );

  // A plain <audio src> sends no token: a signed URL (playUrl) stands for the owner instead.
  const playQuery = z.object({
    user: z.string().max(200).optional().describe("The owner's id (signed URLs only)"),
    expires: z.string().max(20).optional().describe('Unix seconds after which the signed URL stops working'),
    signature: z.string().max(200).optional().describe('HMAC of owner, name and expiry (signed URLs only)'),
  });
  app.get(
    '/api/upload/audio/:name',
    {
      onRequest: async (req) => {
        // Signed: the signature is checked in the handler; no bearer token needed.
        if ((req.query as { signature?: unknown }).signature !== undefined) return;
        await signedIn(req);
      },
      schema: {
        summary: 'A stored voice sample (its owner only): with the bearer token, or as a signed playUrl',
        security: OPTIONAL_BEARER,
        description:
          'Every take in an answer carries `playUrl`, this path with `user`, `expires` and `signature`: it ' +
          'plays without a token for about an hour (403 once expired or altered). Honours a `Range` header ' +
          'of one byte range (206 with Content-Range; 416 when it starts past the end; anything else is ' +
          'ignored and the whole recording answered). Another user’s sample is a 404.',
        params: z.object({ name: z.string() }),
        querystring: playQuery,
        response: {
          200: binaryResponse('The recording', AUDIO_TYPES),
          206: binaryResponse('The requested bytes of the recording (Content-Range says which)', AUDIO_TYPES),
          403: apiError.describe('The signed URL has expired or is not valid'),
          416: apiError.describe('The range starts past the end of the recording'),
          ...errorResponses(401, 404),
        },
      },
    },
    async (req, reply) => {
      const owner =
        req.query.signature !== undefined ? deps.audioUrls.verify(req.params.name, req.query) : currentUser(req).userId;
      const { bytes, type } = await deps.audio.read(owner, req.params.name);
      reply.header('accept-ranges', 'bytes');
      const range = byteRange(req.headers.range, bytes.length);
      if (range === 'unsatisfiable') {
        reply.header('content-range', `bytes */${bytes.length}`);
        throw new HttpError(416, `The range is past the end of the recording (${bytes.length} bytes)`);
      }
      reply.header('content-type', type).header('cache-control', 'private, max-age=3600');
      if (!range) return reply.send(bytes);
      return reply
        .status(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${bytes.length}`)
        .send(bytes.subarray(range.start, range.end + 1));
    },
  );
}
