// The create-project and author forms with SPEC §5's messages (the services answer with the same).
import { z } from 'zod';

/** The author select's value for "a new author, typed inline". */
export const NEW_AUTHOR = '__new__';

export const AUTHOR_FORM_MESSAGES = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  bothNames: 'Both first name and last name are required.',
} as const;

export const PROJECT_FORM_MESSAGES = {
  title: 'Title is required',
  content: 'Content is required',
  author: 'Author is required',
  selectAuthor: 'Please select an author.',
} as const;

export const projectForm = z
  .object({
    title: z.string().trim().min(1, PROJECT_FORM_MESSAGES.title).max(500, 'Title must be at most 500 characters'),
    content: z.string().refine((v) => v.trim().length > 0, PROJECT_FORM_MESSAGES.content),
    authorId: z.string().min(1, PROJECT_FORM_MESSAGES.author),
    newFirstName: z.string(),
    newLastName: z.string(),
  })
  .refine((v) => v.authorId !== NEW_AUTHOR || (v.newFirstName.trim() !== '' && v.newLastName.trim() !== ''), {
    message: AUTHOR_FORM_MESSAGES.bothNames,
    path: ['newFirstName'],
    when: (p) => typeof p.value === 'object' && p.value !== null,
  });
export type ProjectForm = z.input<typeof projectForm>;

export const authorForm = z.object({
  firstName: z
    .string()
    .trim()
    .min(1, AUTHOR_FORM_MESSAGES.firstName)
    .max(200, 'First name must be at most 200 characters'),
  lastName: z
    .string()
    .trim()
    .min(1, AUTHOR_FORM_MESSAGES.lastName)
    .max(200, 'Last name must be at most 200 characters'),
});
export type AuthorForm = z.input<typeof authorForm>;
