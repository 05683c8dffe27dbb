// Every Authors call of SPEC §7 as the authors service answers them, with the SWR keys and hooks
// the screens share. Failures are ApiCallErrors carrying SPEC §8's message, the server's status and
// its own words (`serverMessage`, e.g. the 409 of an author who still has projects).
import useSWR, { mutate as globalMutate, type SWRConfiguration } from 'swr';
import type { Author } from '@castbook/contracts';
import { api } from './client';
import { withAction } from './call-error';

interface Envelope<T> {
  success: true;
  data: T;
}

export const AUTHORS_KEY = '/api/authors';
export const authorKey = (id: string) => `/api/authors/${encodeURIComponent(id)}`;

export const AUTHOR_MESSAGES = {
  fetchAll: 'Failed to fetch authors',
  fetchOne: 'Failed to fetch author',
  create: 'Failed to create author',
  update: 'Failed to update author',
  delete: 'Failed to delete author',
  removeAvatar: 'Failed to remove avatar',
} as const;

const data = async <T>(action: string, path: string, options?: Parameters<typeof api.request>[1]) =>
  withAction(action, async () => (await api.request<Envelope<T>>(path, options)).data);

/** 'Ada Lovelace': how every screen names an author. */
export const authorName = (a: Pick<Author, 'firstName' | 'lastName'>) => `${a.firstName} ${a.lastName}`.trim();

export const fetchAuthors = () => data<Author[]>(AUTHOR_MESSAGES.fetchAll, AUTHORS_KEY);

export const fetchAuthor = (id: string) => data<Author>(AUTHOR_MESSAGES.fetchOne, authorKey(id));

export interface CreateAuthorInput {
  firstName: string;
  lastName: string;
  avatar?: Blob | null;
}

/** POST /api/authors (multipart firstName, lastName, optional avatar) → the new author. */
export function createAuthor(input: CreateAuthorInput): Promise<Author> {
  const form = new FormData();
  form.set('firstName', input.firstName);
  form.set('lastName', input.lastName);
  if (input.avatar) form.set('avatar', input.avatar);
  return data<Author>(AUTHOR_MESSAGES.create, AUTHORS_KEY, { method: 'POST', form });
}

export interface UpdateAuthorInput {
  firstName?: string;
  lastName?: string;
  avatar?: Blob | null;
  /** Drops the avatar (a new avatar file wins). */
  removeAvatar?: boolean;
}

/** PATCH /api/authors/{id} (multipart, every field optional) → the updated author. */
export function updateAuthor(id: string, input: UpdateAuthorInput): Promise<Author> {
  const form = new FormData();
  if (input.firstName !== undefined) form.set('firstName', input.firstName);
  if (input.lastName !== undefined) form.set('lastName', input.lastName);
  if (input.avatar) form.set('avatar', input.avatar);
  else if (input.removeAvatar) form.set('removeAvatar', 'true');
  const onlyRemoval =
    input.removeAvatar && !input.avatar && input.firstName === undefined && input.lastName === undefined;
  return data<Author>(onlyRemoval ? AUTHOR_MESSAGES.removeAvatar : AUTHOR_MESSAGES.update, authorKey(id), {
    method: 'PATCH',
    form,
  });
}

/** PATCH removeAvatar=true alone. */
export const removeAuthorAvatar = (id: string) => updateAuthor(id, { removeAvatar: true });

/** DELETE /api/authors/{id}; 409 with the server's explanation while the author has projects. */
export const deleteAuthor = (id: string) =>
  data<{ id: string }>(AUTHOR_MESSAGES.delete, authorKey(id), { method: 'DELETE' });

// ---- SWR ------------------------------------------------------------------------------------

/** The caller's authors, oldest first, with project counts. */
export function useAuthors(config?: SWRConfiguration<Author[]>) {
  return useSWR<Author[]>(AUTHORS_KEY, () => fetchAuthors(), config);
}

/** One author; `null` id fetches nothing. */
export function useAuthor(id: string | null | undefined, config?: SWRConfiguration<Author>) {
  return useSWR<Author>(id ? authorKey(id) : null, () => fetchAuthor(id!), config);
}

/** Puts a created or updated author in the caches at once, then reloads the list. */
export async function rememberAuthor(author: Author): Promise<void> {
  await globalMutate(authorKey(author.id), author, { revalidate: false });
  await globalMutate<Author[]>(
    AUTHORS_KEY,
    (list) =>
      list
        ? list.some((a) => a.id === author.id)
          ? list.map((a) => (a.id === author.id ? author : a))
          : [...list, author]
        : list,
    { revalidate: true },
  );
  // Projects show their author's name.
  await globalMutate((key) => typeof key === 'string' && key.startsWith('/api/projects'));
}

/** Drops a deleted author from the caches. */
export async function forgetAuthor(id: string): Promise<void> {
  await globalMutate<Author[]>(AUTHORS_KEY, (list) => list?.filter((a) => a.id !== id), { revalidate: true });
  await globalMutate(authorKey(id), undefined, { revalidate: false });
}
