import { describe, expect, it, vi } from 'vitest';
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

  it("finds the open project's characters (by name or alias) and chapters first, and runs them", () => {
    const open = {
      projectId: 'p2',
      title: 'Oliver Twist',
      characters: [
        { id: 'c1', name: 'Fagin', alternativeNames: ['the Jew'], lines: 120 },
        { id: 'c2', name: 'Mr. Bumble', alternativeNames: ['the beadle'], lines: 1 },
      ],
      chapters: [
        { id: 'ch1', title: 'CHAPTER I. TREATS OF THE PLACE WHERE OLIVER TWIST WAS BORN' },
        { id: 'ch2', title: 'CHAPTER II. TREATS OF OLIVER TWIST’S GROWTH' },
      ],
      showChapter: vi.fn(),
      showCharacter: vi.fn(),
    };
    const beadle = paletteItems(pages, projects, authors, 'beadle', open);
    expect(beadle.map((i) => [i.group, i.title, i.description])).toEqual([
      ['Characters', 'Mr. Bumble', 'Character · 1 line · also “the beadle” · show lines'],
    ]);
    beadle[0]!.run!();
    expect(open.showCharacter).toHaveBeenCalledWith('c2');

    const growth = paletteItems(pages, projects, authors, 'oliver growth', open);
    expect(growth.map((i) => i.key)).toEqual(['chapter:ch2']);
    growth[0]!.run!();
    expect(open.showChapter).toHaveBeenCalledWith('ch2');

    // Characters and chapters come before the projects; without a project open there are none.
    expect(paletteItems(pages, projects, authors, 'twist', open).map((i) => i.group)).toEqual([
      'Chapters',
      'Chapters',
      'Projects',
    ]);
    expect(paletteItems(pages, projects, authors, 'fagin', null)).toEqual([]);
  });
});
