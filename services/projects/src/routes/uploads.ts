// POST /api/upload/parse-document (multipart `file`: .docx or .txt, read by content) and the audio
// samples: POST /api/upload/audio {audioData, fileType}, GET /api/upload/audio/{name} (owner only).
import { randomUUID } from 'node:crypto';
import { ok } from '@castbook/contracts';
import { HttpError, currentUser, type authHook, type BlobStore, type HttpService } from '@castbook/platform';
import { z } from 'zod';
import { readForm } from '@castbook/platform';
import { AUDIO_FILE_TYPES, documentText, type AudioSamples } from '../domain/uploads.js';

export function uploadRoutes(
  app: HttpService,
  deps: { blobs: BlobStore; audio: AudioSamples; maxDocumentBytes: number; maxAudioBytes: number },
  signedIn: ReturnType<typeof authHook>,
) {
  app.post(
    '/api/upload/parse-document',
    { onRequest: signedIn, bodyLimit: deps.maxDocumentBytes + 1024 * 1024 },
    async (req) => {
      const userId = currentUser(req).userId;
      const { files } = await readForm(req, deps.maxDocumentBytes);
      const file = files.file;
      if (!file) throw new HttpError(400, 'No file was uploaded (form field "file")');
      const text = await documentText(file.bytes);
      // The original is kept beside the content versions (documents bucket), under the caller's prefix.
      await deps.blobs.put('documents', `uploads/${userId}/${randomUUID()}`, file.bytes);
      return ok({ text });
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
