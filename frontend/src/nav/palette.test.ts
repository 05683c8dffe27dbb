import { describe, expect, it } from 'vitest';
import { paletteItems } from './palette';
import { PUBLIC_PAGES, SETTINGS_PAGES } from './pages';

const pages = [...SETTINGS_PAGES, ...PUBLIC_PAGES];
const projects = [
  { id: 'p1', title: 'Pride and Prejudice', author: { firstName: 'Jane', lastName: 'Austen' } },
  { id: 'p2', title: 'Oliver Twist', author: null },
];
const authors = [{ id: 'a1', firstName: 'Jane', lastName: 'Austen', projectCount: 1 }];

describe('command palette items (PRODUCT.md)', () => {
  it('finds projects by title and authors by name, and opens them', () => {
    const found = paletteItems(pages, projects, authors, 'pride');
    expect(found.map((i) => [i.title, i.path])).toEqual([['Pride and Prejudice', '/stage/projects/p1']]);
    expect(found[0]!.description).toBe('Project by Jane Austen');

    const austen = paletteItems(pages, projects, authors, 'jane aus');
    expect(austen.map((i) => i.key)).toEqual(['author:a1']);
    expect(austen[0]!.description).toBe('Author · 1 project');
  });

  it('still finds pages, and lists pages first without a query', () => {
    expect(paletteItems(pages, projects, authors, 'password').map((i) => i.path)).toEqual([
      '/stage/settings/change-password',
    ]);
    const all = paletteItems(pages, projects, authors, '');
    expect(all[0]!.group).toBe('Pages');
    expect(all.filter((i) => i.group === 'Projects')).toHaveLength(2);
  });

  it('works before projects and authors have loaded', () => {
    expect(paletteItems(pages, undefined, undefined, 'twist')).toEqual([]);
  });
});
