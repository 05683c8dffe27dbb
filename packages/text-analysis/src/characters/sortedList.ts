// Membership in a word list kept as one sorted string ("Ada Adele Agnes"), by binary search over
// the string itself: the list costs no memory beyond the module's constant, where a Set or Map
// built from it held some 30 bytes a name (half a megabyte for the given names) for every analysis.

/**
 * True when `word` is one of the entries of `list`, entries separated by `sep` and sorted by
 * JavaScript string order (`<`), none empty.
 */
export function inSortedList(list: string, sep: string, word: string): boolean {
  let lo = 0; // a word start
  let hi = list.length; // a word end
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const s = Math.max(lo, list.lastIndexOf(sep, mid) + sep.length);
    let e = list.indexOf(sep, s);
    if (e < 0 || e > hi) e = hi;
    const w = list.slice(s, e);
    if (w === word) return true;
    if (w < word) lo = e + sep.length;
    else hi = s - sep.length;
  }
  return false;
}
