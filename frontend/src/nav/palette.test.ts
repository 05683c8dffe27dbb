import { describe, expect, it, vi } from 'vitest';
import { paletteItems } from './palette';
import { PUBLIC_PAGES, SETTINGS_PAGES } from './pages';

const pages = [...SETTINGS_PAGES, ...PUBLIC_PAGES];
const projects = [
  { id: 'p1', title: 'The Mendle Isles', author: { firstName: 'Orla', lastName: 'Penhallow' } },
  { id: 'p2', title: 'Bram Tolley', author: null },
];
const authors = [{ id: 'a1', firstName: 'Orla', lastName: 'Penhallow', projectCount: 1 }];

describe('command palette items (PRODUCT.md)', () => {
  it('finds projects by title and authors by name, and opens them', () => {
    const found = paletteItems(pages, projects, authors, 'mendle');
    expect(found.map((i) => [i.title, i.path])).toEqual([['The Mendle Isles', '/stage/projects/p1']]);
    expect(found[0]!.description).toBe('Project by Orla Penhallow');

    const penhallow = paletteItems(pages, projects, authors, 'orla pen');
    expect(penhallow.map((i) => i.key)).toEqual(['author:a1']);
    expect(penhallow[0]!.description).toBe('Author · 1 project');
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
    expect(paletteItems(pages, undefined, undefined, 'tolley')).toEqual([]);
  });

  it("finds the open project's characters (by name or alias) and chapters first, and runs them", () => {
    const open = {
      projectId: 'p2',
      title: 'Bram Tolley',
      characters: [
        { id: 'c1', name: 'Idris Quell', alternativeNames: ['the fence'], lines: 120 },
        { id: 'c2', name: 'Mr. Pellow', alternativeNames: ['the warden'], lines: 1 },
      ],
      chapters: [
        { id: 'ch1', title: 'CHAPTER I. IN WHICH BRAM TOLLEY IS BORN ON THE FEN' },
        { id: 'ch2', title: 'CHAPTER II. OF BRAM TOLLEY’S GROWTH' },
      ],
      showChapter: vi.fn(),
      showCharacter: vi.fn(),
    };
    const warden = paletteItems(pages, projects, authors, 'warden', open);
    expect(warden.map((i) => [i.group, i.title, i.description])).toEqual([
      ['Characters', 'Mr. Pellow', 'Character · 1 line · also “the warden” · show lines'],
    ]);
    warden[0]!.run!();
    expect(open.showCharacter).toHaveBeenCalledWith('c2');

    const growth = paletteItems(pages, projects, authors, 'bram growth', open);
    expect(growth.map((i) => i.key)).toEqual(['chapter:ch2']);
    growth[0]!.run!();
    expect(open.showChapter).toHaveBeenCalledWith('ch2');

    // Characters and chapters come before the projects; without a project open there are none.
    expect(paletteItems(pages, projects, authors, 'tolley', open).map((i) => i.group)).toEqual([
      'Chapters',
      'Chapters',
      'Projects',
    ]);
    expect(paletteItems(pages, projects, authors, 'quell', null)).toEqual([]);
  });
});
