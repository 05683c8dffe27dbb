// POST /api/upload/parse-document (multipart `file`: .docx or .txt, read by content) and the audio
// samples: POST /api/upload/audio {audioData, fileType}, GET /api/upload/audio/{name} (owner only).
import { ok } from '@castbook/contracts';
import { HttpError, currentUser, type authHook, type HttpService } from '@castbook/platform';
import { z } from 'zod';
import { readForm } from '@castbook/platform';
import { AUDIO_FILE_TYPES, documentText, type AudioSamples } from '../domain/uploads.js';

export function uploadRoutes(
  app: HttpService,
  deps: { audio: AudioSamples; maxDocumentBytes: number; maxAudioBytes: number },
  signedIn: ReturnType<typeof authHook>,
) {
  app.post(
    '/api/upload/parse-document',
    { onRequest: signedIn, bodyLimit: deps.maxDocumentBytes + 1024 * 1024 },
    async (req) => {
      const { files } = await readForm(req, deps.maxDocumentBytes);
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
      schema: { body: z.object({ audioData: z.string().min(1), fileType: z.enum(AUDIO_FILE_TYPES).default('wav') }) },
    },
    async (req) => ok({ url: await deps.audio.store(currentUser(req).userId, req.body.audioData, req.body.fileType) }),
  );

  app.get(
    '/api/upload/audio/:name',
    { onRequest: signedIn, schema: { params: z.object({ name: z.string() }) } },
    async (req, reply) => {
      const { bytes, type } = await deps.audio.read(currentUser(req).userId, req.params.name);
      return reply.header('content-type', type).header('cache-control', 'private, max-age=3600').send(bytes);
    },
  );
}
