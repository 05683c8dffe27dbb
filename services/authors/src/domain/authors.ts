// Author rules: names required and bounded, avatars checked by content; the view of SPEC §3.
import type { Author } from '@castbook/contracts';
import { HttpError } from '@castbook/platform';
import { resizeImage } from '@castbook/platform';

export interface AuthorRecord {
  id: string;
  userId: string;
  firstName: string;
  lastName: string;
  avatarKey: string | null;
  avatarType: string | null;
  projectCount: number;
  createdAt: Date;
  updatedAt: Date;
  /** The stored avatar's size (0 without one): it counts toward the plan's storage. */
  avatarBytes: number;
}

export const AUTHOR_MESSAGES = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  nameTooLong: 'Names must be at most 200 characters',
  notFound: 'Author not found',
  notImage: 'The avatar must be a PNG, JPEG, WebP or GIF image',
  hasProjects: (n: number) =>
    `This author has ${n} project${n === 1 ? '' : 's'}. Delete them or move them to another author before deleting the author.`,
} as const;

const MAX_NAME = 200;

/** A required name: trimmed, non-empty, bounded. */
export function checkName(value: string | undefined, missing: string): string {
  const name = (value ?? '').trim();
  if (!name) throw new HttpError(400, missing);
  if (name.length > MAX_NAME) throw new HttpError(400, AUTHOR_MESSAGES.nameTooLong);
  return name;
}

/** Avatars are shown at most 256 px wide; 512 keeps them sharp on dense screens. */
export function prepareAvatar(bytes: Buffer) {
  return resizeImage(bytes, { width: 512, height: 512 }, AUTHOR_MESSAGES.notImage);
}

export function avatarKey(a: Pick<AuthorRecord, 'userId' | 'id'>, version: number): string {
  return `avatars/${a.userId}/${a.id}/${version}`;
}

export function authorView(a: AuthorRecord): Author {
  return {
    id: a.id,
    firstName: a.firstName,
    lastName: a.lastName,
    // The version makes the URL change when the avatar does, so caches never show an old one.
    avatar: a.avatarKey ? `/api/authors/${a.id}/avatar?v=${a.updatedAt.getTime()}` : null,
    projectCount: a.projectCount,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids are uuids; anything else cannot name an author (and must not reach a uuid column). */
export const isUuid = (id: string | null | undefined): id is string => typeof id === 'string' && UUID.test(id);
