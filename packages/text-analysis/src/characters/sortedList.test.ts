import { describe, expect, it } from 'vitest';
import { inSortedList } from './sortedList.js';

describe('inSortedList', () => {
  const names = ['Ada', 'Adel', 'Agnes', 'Bram', 'Cora', 'Cormac', 'Della', 'Orla', 'Tam', 'Zeb'];

  it('finds every entry and nothing else, whatever the list length', () => {
    for (let n = 0; n <= names.length; n++) {
      const list = names.slice(0, n).join(' ');
      for (const w of names) expect(inSortedList(list, ' ', w)).toBe(names.slice(0, n).includes(w));
      for (const w of ['A', 'Ad', 'Ade', 'Adelaide', 'Corm', 'Zz', '', 'ada'])
        expect(inSortedList(list, ' ', w)).toBe(false);
    }
  });

  it('takes entries of several words with another separator', () => {
    const places = 'Cape Orla|New Tam|Tam|Tam Bridge';
    expect(inSortedList(places, '|', 'New Tam')).toBe(true);
    expect(inSortedList(places, '|', 'Tam')).toBe(true);
    expect(inSortedList(places, '|', 'Tam Bridge')).toBe(true);
    expect(inSortedList(places, '|', 'Cape')).toBe(false);
    expect(inSortedList(places, '|', 'Bridge')).toBe(false);
  });
});
