import { describe, expect, it } from 'vitest';
import { authorForm, NEW_AUTHOR, projectForm } from './project-schemas';

const messages = (result: { error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) => {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join('.')] ??= issue.message;
  return out;
};

const blank = { title: '', content: '', authorId: '', newFirstName: '', newLastName: '' };

describe('project and author forms show SPEC §5 messages', () => {
  it('create project: title, content and author', () => {
    expect(messages(projectForm.safeParse(blank))).toEqual({
      title: 'Title is required',
      content: 'Content is required',
      authorId: 'Author is required',
    });
    expect(messages(projectForm.safeParse({ ...blank, title: '  ', content: ' \n ' }))).toMatchObject({
      title: 'Title is required',
      content: 'Content is required',
    });
  });

  it('an inline new author needs both names', () => {
    const base = { ...blank, title: 'T', content: 'C', authorId: NEW_AUTHOR };
    expect(messages(projectForm.safeParse({ ...base, newFirstName: 'Ada' }))).toEqual({
      newFirstName: 'Both first name and last name are required.',
    });
    expect(projectForm.safeParse({ ...base, newFirstName: 'Ada', newLastName: 'King' }).success).toBe(true);
    expect(projectForm.safeParse({ ...base, authorId: 'a1' }).success).toBe(true);
  });

  it('author form', () => {
    expect(messages(authorForm.safeParse({ firstName: ' ', lastName: '' }))).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
    });
  });
});
