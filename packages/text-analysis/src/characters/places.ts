// Words that make a capitalised name a place, and places common enough in fiction to know by name.
export const PLACE_WORDS = new Set(
  (
    'City Town Village Island Isle Street St Square Road Lane Park Hall House Court River Bridge Station ' +
    'Hotel Inn Abbey Castle Hill Hills County Lodge Gardens Garden Place Terrace Row Walk Avenue Crescent ' +
    'Manor Farm Wood Woods Forest Lake Mountain Mountains Valley Bay Harbour Harbor Port Sea Ocean Cathedral ' +
    'Chapel Church School College University Museum Theatre Theater Club Market Gate Heath Common Green ' +
    'Cross Fields Downs Moor Mount Cape Coast Sound Falls Canal Creek Point Junction Province State States ' +
    'Kingdom Empire Republic Avenue Boulevard Rue Strasse Plaza Palace Tower Prison Gaol Hospital Workhouse ' +
    'England London France Paris America Scotland Ireland Wales Europe Italy Rome Spain Madrid Germany ' +
    'Berlin Vienna Russia Austria Holland Belgium Switzerland India China Japan Egypt Africa Australia ' +
    'Canada Boston York Washington Chicago Brighton Bath Oxford Cambridge Edinburgh Dublin Liverpool ' +
    'Manchester Bristol Venice Naples Athens Greece Turkey Constantinople Lisbon Portugal ' +
    'Mexico Brazil Kent Devon Surrey Essex Sussex Yorkshire ' +
    'Derbyshire Hertfordshire Norfolk Suffolk Thames Seine Rhine Nile Atlantic Pacific Mediterranean'
  ).split(/\s+/),
);
