// The gender of whoever a quotation addresses by a form of address, not a name: "Yes, sir.",
// "Oh, papa!", "If you please, ma'am,". In an exchange between a man and a woman it tells who
// answers whom, where alternation alone only knows that the speakers take turns.
import type { Gender } from '../characters/lexicon.js';

const TO_MEN =
  "sir|papa|pa|father|uncle|grandpapa|grandfather|my lord|your lordship|your honour|your honor|your worship|mister|brother|my boy|old man|old chap|old fellow|sonny|guv'nor|governor|monsieur|signor|señor";
const TO_WOMEN =
  "madam|madame|ma'am|mum|mamma|mama|ma|mother|aunt|auntie|grandmamma|grandmother|granny|my lady|your ladyship|sister|miss|my girl|missis|missus|mademoiselle|signora|señora";

// The word must stand as an address: after the quotation's start, a punctuation mark or a word that
// leads an address ("dear", "my", "oh", "yes"), and before a punctuation mark or the end.
const LEAD = '(?:^|[,!?.;:\\u2014-]\\s*|\\b(?:dear|dearest|my|good|oh|yes|no|thank you|thanks)\\s+)';
const TAIL = '(?=\\s*[,!?.;:\\u2014-]|\\s*$)';
const MEN = new RegExp(`${LEAD}(?:${TO_MEN})${TAIL}`, 'iu');
const WOMEN = new RegExp(`${LEAD}(?:${TO_WOMEN})${TAIL}`, 'iu');

/** 'm' or 'f' when the quotations address only men or only women by such a word, else 'u'. */
export function addressGender(quotations: readonly string[]): Gender {
  let men = false;
  let women = false;
  for (const q of quotations) {
    men ||= MEN.test(q);
    women ||= WOMEN.test(q);
  }
  return men === women ? 'u' : men ? 'm' : 'f';
}
