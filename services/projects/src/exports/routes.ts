// GET /api/projects/{id}/export/{name} (issue 19): files a narrator prepares from, generated here
// from the project's saved text, outline, characters and quotes. Owner only (another user's project
// is a 404, like every project route); read-only projects export too (reading stays allowed).
import { create as contentDisposition } from 'content-disposition';
import {
  binaryResponse,
  currentUser,
  errorResponses,
  HttpError,
  type authHook,
  type HttpService,
} from '@castbook/platform';
import type { Character } from '@castbook/contracts';
import { z } from 'zod';
import type { Projects } from '../domain/project-service.js';
import { bookView, castList, type BookView } from './book.js';
import { breakdownCsv, quotesCsv } from './csv.js';
import { renderOffThread } from './off-thread.js';
import type { DocumentName } from './renderers.js';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const PDF = 'application/pdf';
const CSV = 'text/csv';

interface ExportKind {
  type: string;
  /** A .docx or .pdf, rendered in a worker; else a CSV, written here (a fraction of a second). */
  document?: DocumentName;
  csv?: (book: BookView) => string;
  /** Takes `?characters=`. */
  sides?: boolean;
}

export const EXPORTS: Record<string, ExportKind> = {
  'sides.docx': { type: DOCX, document: 'sides.docx', sides: true },
  'sides.pdf': { type: PDF, document: 'sides.pdf', sides: true },
  'script.docx': { type: DOCX, document: 'script.docx' },
  'script.pdf': { type: PDF, document: 'script.pdf' },
  'quotes.csv': { type: `${CSV}; charset=utf-8`, csv: quotesCsv },
  'breakdown.csv': { type: `${CSV}; charset=utf-8`, csv: breakdownCsv },
};
const NAMES = Object.keys(EXPORTS);

export const EXPORT_MESSAGES = {
  unknown: (name: string) => `Unknown export '${name.slice(0, 100)}': use one of ${NAMES.join(', ')}`,
  noCharacters: 'characters must list one or more character ids separated by commas',
  notACharacter: (id: string) => `'${id.slice(0, 100)}' is not a character of this project`,
} as const;

/**
 * `?characters=ID,ID` → those characters in the order given (repeats once); left out → every
 * character with at least one line, most lines first.
 */
export function chosenCharacters(book: BookView, param: string | undefined): Character[] {
  if (param === undefined) return castList(book).flatMap((e) => (e.lines > 0 ? [e.character] : []));
  const ids = [...new Set(param.split(',').map((s) => s.trim()))].filter(Boolean);
  if (ids.length === 0) throw new HttpError(400, EXPORT_MESSAGES.noCharacters);
  return ids.map((id) => {
    const found = book.byId.get(id);
    if (!found) throw new HttpError(400, EXPORT_MESSAGES.notACharacter(id));
    return found;
  });
}

/**
 * The file name: the book's title (what a file system or a header cannot hold removed) and the
 * export's name. content-disposition writes it as `filename="…"` with an ASCII fallback and, when
 * the title is not ASCII, RFC 5987's `filename*=UTF-8''…` as well.
 */
export function exportFileName(title: string, name: string): string {
  const safe = title
    // eslint-disable-next-line no-control-regex -- control characters have no place in a file name
    .replace(/[\u0000-\u001f\u007f"*/:<>?\\|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 120)
    .trim();
  const [kind] = name.split('.');
  return `${safe || 'book'}-${kind}.${name.slice(kind!.length + 1)}`;
}

export function exportRoutes(app: HttpService, projects: Projects, signedIn: ReturnType<typeof authHook>): void {
  app.get(
    '/api/projects/:id/export/:name',
    {
      onRequest: signedIn,
      schema: {
        summary: 'Download an export of the project (sides, script, quotes or casting breakdown)',
        description:
          `\`name\` is one of ${NAMES.join(', ')}. Sides take \`characters\` (ids separated by commas; ` +
          'all characters with lines when left out); an id that is not a character of the project is a 400. ' +
          'An unknown name is a 404. The file is named after the book (Content-Disposition: attachment).',
        params: z.object({
          id: z.string(),
          // The names are listed for clients (and the fuzzer); any other is the documented 404, not a 400.
          name: z
            .string()
            .meta({ enum: NAMES })
            .describe(`One of ${NAMES.join(', ')}`),
        }),
        querystring: z.object({
          characters: z
            .string()
            .optional()
            .describe('Sides only: character ids separated by commas; leave out for every character with lines'),
        }),
        response: {
          200: binaryResponse('The file', [DOCX, PDF, CSV]),
          400: errorResponses(400)[400]!.describe('A characters list naming no character, or one not in the project'),
          ...errorResponses(401),
          404: errorResponses(404)[404]!.describe('No such project (or not yours), or no such export'),
        },
      },
    },
    async (req, reply) => {
      const { id, name } = req.params;
      const kind = Object.hasOwn(EXPORTS, name) ? EXPORTS[name]! : undefined;
      const { project, content } = await projects.withContent(currentUser(req).userId, id);
      if (!kind) throw new HttpError(404, EXPORT_MESSAGES.unknown(name));
      const book = bookView({ ...project, content });
      const characters = kind.sides ? chosenCharacters(book, req.query.characters) : [];
      const started = performance.now();
      const body = kind.document
        ? await renderOffThread({
            name: kind.document,
            project: {
              title: project.title,
              content,
              outline: project.outline,
              characters: project.characters,
              quotes: project.quotes,
            },
            characterIds: characters.map((c) => c.id),
          })
        : kind.csv!(book);
      req.log.info(
        { export: name, projectId: id, ms: Math.round(performance.now() - started), bytes: Buffer.byteLength(body) },
        'export written',
      );
      return reply
        .header('content-type', kind.type)
        .header('content-disposition', contentDisposition(exportFileName(project.title, name)))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(body);
    },
  );
}
