// The projects service's HTTP surface: registers its routes, nothing else.
// It owns projects, content, outline, characters, quotes and uploads.
import multipart from '@fastify/multipart';
import { authHook, createTokenVerifier, type HttpService, type ServiceContext } from '@castbook/platform';
import type { ProjectsConfig } from './config.js';
import { httpPeers } from './domain/peers.js';
import { Projects } from './domain/project-service.js';
import { AudioSamples } from './domain/uploads.js';
import { voiceRoutes, voiceSamples } from './routes/voice.js';
import { exportRoutes } from './exports/routes.js';
import { reviewRoutes } from './review/routes.js';
import { notificationRoutes } from './notifications/routes.js';
import { castRoutes } from './routes/cast.js';
import { speakerEditRoutes } from './routes/speaker-edits.js';
import { characterAnalysisRoutes } from './routes/character-analysis.js';
import { languageModelFeatures } from './domain/character-analysis/from-config.js';
import { secondOpinionRoutes } from './routes/second-opinion.js';
import { projectRoutes } from './routes/projects.js';
import { uploadRoutes } from './routes/uploads.js';

export async function projectsRoutes(app: HttpService, ctx: ServiceContext<ProjectsConfig>): Promise<void> {
  const { config } = ctx;
  await app.register(multipart, {
    // Text fields carry whole books (content); files are bounded per route.
    limits: { fieldSize: 25 * 1024 * 1024, fileSize: config.MAX_DOCUMENT_BYTES, files: 1, fields: 20 },
  });
  const signedIn = authHook({
    verifier: createTokenVerifier({ jwksUrl: config.AUTH_JWKS_URL }),
    // Revocation checked here too, not only at the gateway (zero trust).
    checkSession: (await ctx.sessions()).checkSession,
  });
  const projects = new Projects(
    ctx.db,
    ctx.blobs,
    httpPeers(config.AUTHORS_URL, config.BILLING_URL),
    ctx.logger,
    config.MAX_AUDIO_BYTES,
  );
  const audioUrls = voiceSamples(app, ctx, projects);
  projectRoutes(app, projects, signedIn, config.MAX_IMAGE_BYTES, audioUrls);
  voiceRoutes(app, { projects, audioUrls, maxAudioBytes: config.MAX_AUDIO_BYTES }, signedIn);
  castRoutes(app, { projects, audioUrls }, signedIn);
  speakerEditRoutes(app, { projects, audioUrls }, signedIn);
  exportRoutes(app, projects, signedIn);
  reviewRoutes(app, projects, signedIn);
  notificationRoutes(app, ctx.db, signedIn);
  const { characterAnalyses, secondOpinions } = languageModelFeatures(config, ctx.db, projects, ctx.logger);
  characterAnalysisRoutes(app, characterAnalyses, signedIn);
  secondOpinionRoutes(app, secondOpinions, signedIn, { leaseMs: config.SECOND_OPINION_LEASE_MS, logger: ctx.logger });
  uploadRoutes(
    app,
    {
      audio: new AudioSamples(ctx.blobs),
      audioUrls,
      projects,
      maxDocumentBytes: config.MAX_DOCUMENT_BYTES,
      maxAudioBytes: config.MAX_AUDIO_BYTES,
    },
    signedIn,
  );
}
