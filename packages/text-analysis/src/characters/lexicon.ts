// Generic English word lists: honorifics, pronouns, speech verbs, words that are never names.
export type Gender = 'm' | 'f' | 'u';

/** Honorifics and titles that precede a name, with the gender they imply. */
export const HONORIFICS: ReadonlyMap<string, Gender> = new Map([
  ['Mr', 'm'],
  ['Mister', 'm'],
  ['Master', 'm'],
  ['Sir', 'm'],
  ['Lord', 'm'],
  ['Monsieur', 'm'],
  ['M', 'm'],
  ['Herr', 'm'],
  ['Signor', 'm'],
  ['Señor', 'm'],
  ['Don', 'm'],
  ['Count', 'm'],
  ['Duke', 'm'],
  ['Prince', 'm'],
  ['King', 'm'],
  ['Baron', 'm'],
  ['Earl', 'm'],
  ['Father', 'm'],
  ['Brother', 'm'],
  ['Uncle', 'm'],
  ['Colonel', 'm'],
  ['Captain', 'm'],
  ['Major', 'm'],
  ['General', 'm'],
  ['Lieutenant', 'm'],
  ['Sergeant', 'm'],
  ['Admiral', 'm'],
  ['Inspector', 'm'],
  ['Mrs', 'f'],
  ['Missis', 'f'],
  ['Missus', 'f'],
  ['Miss', 'f'],
  ['Ms', 'f'],
  ['Madam', 'f'],
  ['Madame', 'f'],
  ['Mme', 'f'],
  ['Mademoiselle', 'f'],
  ['Mlle', 'f'],
  ['Lady', 'f'],
  ['Dame', 'f'],
  ['Duchess', 'f'],
  ['Countess', 'f'],
  ['Princess', 'f'],
  ['Queen', 'f'],
  ['Baroness', 'f'],
  ['Sister', 'f'],
  ['Aunt', 'f'],
  ['Mother', 'f'],
  ['Senora', 'f'],
  ['Señora', 'f'],
  ['Frau', 'f'],
  ['Dr', 'u'],
  ['Doctor', 'u'],
  ['Professor', 'u'],
  ['Rev', 'u'],
  ['Reverend', 'u'],
  ['Judge', 'u'],
  ['Mx', 'u'],
  ['Capt', 'm'],
  ['Col', 'm'],
  ['Gen', 'm'],
  ['Lt', 'm'],
  ['Sgt', 'm'],
  ['Prof', 'u'],
  ['Hon', 'u'],
]);

/** Honorifics that say the person is married (Mrs. X is not Miss X). */
export const MARRIED = new Set(['Mrs', 'Missis', 'Missus', 'Madame', 'Mme', 'Frau', 'Señora', 'Senora']);
export const UNMARRIED = new Set(['Miss', 'Mademoiselle', 'Mlle']);

/** Honorifics used with a given name ("Miss Margaret", "Sir Ambrose", "Lady Rosamund"). */
export const FIRST_NAME_HONORIFICS = new Set([
  'Miss',
  'Lady',
  'Sir',
  'Lord',
  'Master',
  'Madame',
  'Mademoiselle',
  'Aunt',
  'Uncle',
  'Don',
  'Father',
  'Sister',
  'Brother',
  'Prince',
  'Princess',
]);

/** Speech verbs of dialogue tags, base and past forms. */
export const SPEECH_VERBS = new Set(
  (
    'said says say cried cries replied replies asked asks answered answers exclaimed exclaims returned returns ' +
    'observed observes remarked remarks continued continues added adds rejoined retorted whispered whispers ' +
    'muttered mutters murmured murmurs shouted shouts called calls began begins repeated repeats inquired ' +
    'enquired interrupted interposed resumed pursued urged demanded suggested responded sobbed screamed growled ' +
    'thought thinks protested explained declared insisted cautioned faltered stammered gasped groaned sighed ' +
    'laughed smiled snapped snarled sneered roared bawled yelled shrieked panted moaned wailed ventured ' +
    'persisted concluded commanded ordered announced admitted agreed assented objected remonstrated ' +
    'grumbled grunted hissed breathed echoed corrected mused reflected chimed put spoke speaks told tells ' +
    'went goes pleaded begged warned promised stated explained argued reasoned joined chuckled giggled ' +
    'interjected queried wondered reminded soliloquised soliloquized bellowed thundered squeaked ' +
    'proclaimed quavered corroborated chanted drawled lisped blurted whimpered hollered sang intoned'
  ).split(/\s+/),
);

/**
 * Speech verbs in the forms that lead into a quotation rather than tag it ("…and saying,", "…heard
 * Selwyn next say,", "…by remarking:"), with all of SPEECH_VERBS.
 */
export const LEAD_IN_VERBS = new Set([
  ...SPEECH_VERBS,
  ...(
    'saying adding answering replying remarking asking crying calling exclaiming shouting whispering ' +
    'muttering murmuring continuing repeating observing singing speaking beginning returning rejoining ' +
    'interrupting declaring explaining inquiring enquiring protesting chanting ' +
    'whisper answer reply add ask cry call exclaim shout mutter murmur repeat observe remark continue ' +
    'sing speak begin rejoin declare explain'
  ).split(' '),
]);

/** The articles, which may stand between a preposition and a name: "said to the Captain". */
export const ARTICLES = new Set(['the', 'a', 'an']);

/** Words after which a name is an object, not a subject: "Orla said to Tam,". */
export const OBJECT_PREPOSITIONS = new Set([
  'to',
  'at',
  'towards',
  'toward',
  'with',
  'from',
  'upon',
  'on',
  'of',
  'for',
  'into',
  'after',
  'about',
  'before',
  'behind',
  'beside',
]);

export const MALE_PRONOUNS = new Set(['he', 'him', 'his', 'himself']);
export const FEMALE_PRONOUNS = new Set(['she', 'her', 'hers', 'herself']);

/**
 * Capitalised words that are never a person's name on their own: function words, interjections,
 * pronouns, days, months, forms of address and religious words.
 */
export const NOT_NAMES = new Set(
  (
    'I Me My Mine Myself We Us Our You Your Yours He Him His She Her Hers It Its They Them Their Theirs ' +
    'This That These Those There Here Then Now When Where What Which Who Whom Whose Why How ' +
    'A An The And But Or Nor For So Yet If Of In On At To From By With As Into Upon After Before ' +
    'Not No Yes Yea Nay Oh O Ah Aha Alas Ay Aye Eh Hey Hi Hello Hush Ha Hm Hum Humph Pshaw Lor ' +
    'Well Why Indeed Nonsense Come Go Look See Say Tell Let Please Pray Thank Thanks Good Dear Poor Sure ' +
    "Ma'am Ma\u2019am Madam Madame Ma Am Maam Mam Mistress Gentlemen Ladies Gentleman " +
    'God Heaven Heavens Christ Jesus Bible Devil Providence Mamma Mama Papa Pa Ma Mum Dad ' +
    'Cousin Baby Darling Honey Love Sweetheart ' +
    'Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April May June July ' +
    'August September October November December Christmas Easter Chapter Book Volume Part Section ' +
    'Everybody Everyone Somebody Someone Nobody Anybody Anyone Nothing Something Everything All Some Any ' +
    'Each Every Both Either Neither One Two Three Four Five Six Seven Eight Nine Ten Hundred Thousand ' +
    'First Second Third Last Next Only Just Even Still Also Too Very Much More Most Many Such Again ' +
    'Perhaps Maybe Certainly Quite Really Only Once Twice Never Ever Always Sometimes Soon Yesterday Today ' +
    'Tomorrow Tonight Mrs Messrs St Street Square Lane Road Hall House Park Court Place Hill Church ' +
    'Ill Im Ive Id Youre Dont Didnt Cant Wont Isnt Wasnt Thats Whats Lets Hes Shes Theres Ye Thee Thou Thy ' +
    'OK Okay ' +
    'Majesty Highness Excellency Lordship Ladyship Honour Honor Grace Sire Mercy Merciful Bless Goodness ' +
    'Hurrah Hurray Bravo Encore Adieu Farewell Goodbye Goodnight Morning Evening Night Afternoon Mind Stop ' +
    'Wait Hark Listen Hallo Halloa Hollo Hulloa Hullo Stuff Fudge Bah Bosh Tut Fie Gracious Damn Damme ' +
    'Bother Confound Hang Egad Gad Zounds Upon Because Though Although Unless While Whilst Since Till Until ' +
    'Whether Whatever Whoever However Therefore Besides Meanwhile Otherwise Nevertheless Accordingly ' +
    'Is Was Are Were Be Been Being Am Has Have Had Do Does Did Will Would Shall Should Can Could May Might Must ' +
    "I'm I've I'll I'd I\u2019m I\u2019ve I\u2019ll I\u2019d " +
    'Dearest Young Old Little Hm Mmm Er Um Uh Boy Girl Man Woman Child Children Sonny Lad Lass Mate Fellow Friend Friends'
  ).split(/\s+/),
);

/** Adjectives of nationality, region and faith: "the English", "an Englishman", "the Germans". */
const DEMONYMS = new Set(
  (
    'English British Scotch Scottish Irish Welsh French German Dutch Flemish Italian Spanish Portuguese ' +
    'Swiss Austrian Russian Polish Swedish Danish Norwegian Greek Turkish Arab Arabian Persian Egyptian ' +
    'Indian Chinese Japanese American Canadian Mexican Brazilian African European Asian Christian'
  ).split(' '),
);

/**
 * A nationality or a member of one: "English", "Englishman", "Frenchwomen", "Russians". Such a word
 * names a people, not a person.
 */
export function isNationalityWord(word: string): boolean {
  if (DEMONYMS.has(word)) return true;
  const stem = /^(.+?)(?:man|men|woman|women)$/.exec(word)?.[1];
  if (stem && (DEMONYMS.has(stem) || DEMONYMS.has(stem + 'ish') || DEMONYMS.has(stem + 'h'))) return true;
  return word.endsWith('s') && DEMONYMS.has(word.slice(0, -1));
}

/** Spellings of one honorific: "Mister Hale" is "Mr. Hale", "Missis Hale" is "Mrs. Hale". */
export const HONORIFIC_SPELLINGS: ReadonlyMap<string, string> = new Map([
  ['Mister', 'Mr'],
  ['Missis', 'Mrs'],
  ['Missus', 'Mrs'],
  ['Doctor', 'Dr'],
  ['Professor', 'Prof'],
  ['Reverend', 'Rev'],
  ['Capt', 'Captain'],
  ['Col', 'Colonel'],
  ['Gen', 'General'],
  ['Lt', 'Lieutenant'],
  ['Sgt', 'Sergeant'],
  ['Mme', 'Madame'],
  ['Mlle', 'Mademoiselle'],
  ['Senora', 'Señora'],
]);

/** Honorific and kinship words that show a capitalised word sequence is about a person. */
export const PERSON_VERBS = new Set(
  (
    'was had did could would should might must will shall can may is has does were ' +
    'looked smiled laughed nodded shook turned stood sat rose went came took gave made felt knew saw ' +
    'thought heard seemed began tried replied answered asked cried said says exclaimed whispered ' +
    'returned continued added observed remarked hesitated paused sighed frowned glanced stared walked ' +
    'ran got put kept left told wanted loved liked hated married died lived spoke called remained ' +
    'followed entered opened closed held threw pulled pushed sprang jumped started stopped bowed ' +
    'listened waited watched noticed wrote read sent brought found lost seized caught struck reached'
  ).split(/\s+/),
);

export const PLACE_PREPOSITIONS = new Set([
  'in',
  'at',
  'to',
  'from',
  'into',
  'near',
  'towards',
  'toward',
  'through',
  'via',
  'across',
  'round',
  'around',
  'beyond',
  'outside',
  'inside',
]);

/**
 * Common English nicknames and short forms, mapped to the formal given names they stand for.
 * Generic (any book): used only when both forms occur in the same text.
 */
export const NICKNAMES: ReadonlyMap<string, readonly string[]> = new Map<string, string[]>([
  ['Lizzy', ['Elizabeth']],
  ['Lizzie', ['Elizabeth']],
  ['Liz', ['Elizabeth']],
  ['Eliza', ['Elizabeth']],
  ['Beth', ['Elizabeth']],
  ['Betsy', ['Elizabeth']],
  ['Bess', ['Elizabeth']],
  ['Bessie', ['Elizabeth']],
  ['Betty', ['Elizabeth']],
  ['Libby', ['Elizabeth']],
  ['Kitty', ['Catherine', 'Katherine']],
  ['Kate', ['Catherine', 'Katherine']],
  ['Katie', ['Catherine', 'Katherine']],
  ['Cathy', ['Catherine']],
  ['Jenny', ['Jane', 'Jennifer']],
  ['Jack', ['John']],
  ['Johnny', ['John']],
  ['Jim', ['James']],
  ['Jimmy', ['James']],
  ['Jamie', ['James']],
  ['Bill', ['William']],
  ['Billy', ['William']],
  ['Will', ['William']],
  ['Willy', ['William']],
  ['Bob', ['Robert']],
  ['Bobby', ['Robert']],
  ['Rob', ['Robert']],
  ['Robin', ['Robert']],
  ['Dick', ['Richard']],
  ['Rick', ['Richard']],
  ['Tom', ['Thomas']],
  ['Tommy', ['Thomas']],
  ['Ned', ['Edward', 'Edmund']],
  ['Ted', ['Edward']],
  ['Teddy', ['Edward', 'Theodore']],
  ['Eddie', ['Edward']],
  ['Harry', ['Henry', 'Harold']],
  ['Hal', ['Henry']],
  ['Charley', ['Charles']],
  ['Charlie', ['Charles']],
  ['Chuck', ['Charles']],
  ['Mike', ['Michael']],
  ['Mick', ['Michael']],
  ['Nick', ['Nicholas']],
  ['Sam', ['Samuel']],
  ['Sammy', ['Samuel']],
  ['Ben', ['Benjamin']],
  ['Benny', ['Benjamin']],
  ['Joe', ['Joseph']],
  ['Joey', ['Joseph']],
  ['Fred', ['Frederick', 'Alfred']],
  ['Freddy', ['Frederick']],
  ['Alf', ['Alfred']],
  ['Andy', ['Andrew']],
  ['Tony', ['Anthony']],
  ['Steve', ['Stephen', 'Steven']],
  ['Dan', ['Daniel']],
  ['Danny', ['Daniel']],
  ['Matt', ['Matthew']],
  ['Nat', ['Nathaniel']],
  ['Pat', ['Patrick', 'Patricia']],
  ['Peggy', ['Margaret']],
  ['Maggie', ['Margaret']],
  ['Meg', ['Margaret']],
  ['Madge', ['Margaret']],
  ['Daisy', ['Margaret']],
  ['Cissy', ['Cecilia', 'Cecily']],
  ['Cissie', ['Cecilia', 'Cecily']],
  ['Sissy', ['Cecilia', 'Cecily']],
  ['Polly', ['Mary']],
  ['Molly', ['Mary']],
  ['Mamie', ['Mary']],
  ['Nan', ['Anne', 'Ann']],
  ['Nancy', ['Anne', 'Ann']],
  ['Annie', ['Anne', 'Ann']],
  ['Sally', ['Sarah']],
  ['Sukey', ['Susan']],
  ['Sue', ['Susan']],
  ['Susie', ['Susan']],
  ['Jo', ['Josephine']],
  ['Josie', ['Josephine']],
  ['Fanny', ['Frances']],
  ['Franny', ['Frances']],
  ['Nell', ['Eleanor', 'Helen', 'Ellen']],
  ['Nelly', ['Eleanor', 'Helen', 'Ellen']],
  ['Ellie', ['Eleanor', 'Ellen']],
  ['Dolly', ['Dorothy']],
  ['Dora', ['Dorothy', 'Theodora']],
  ['Dot', ['Dorothy']],
  ['Patty', ['Martha']],
  ['Mattie', ['Martha']],
  ['Becky', ['Rebecca']],
  ['Abby', ['Abigail']],
  ['Milly', ['Mildred', 'Millicent']],
  ['Tilly', ['Matilda']],
  ['Georgie', ['George', 'Georgiana']],
  ['Gussie', ['Augusta', 'Augustus']],
  ['Lottie', ['Charlotte']],
  ['Letty', ['Letitia']],
  ['Kit', ['Christopher', 'Catherine']],
  ['Chris', ['Christopher', 'Christine']],
  ['Jerry', ['Jeremiah', 'Gerald']],
  ['Larry', ['Lawrence']],
  ['Ray', ['Raymond']],
  ['Walt', ['Walter']],
  ['Wat', ['Walter']],
  ['Hugh', ['Hugo']],
  ['Gus', ['Augustus']],
  ['Ollie', ['Oliver']],
  ['Toby', ['Tobias']],
  ['Archie', ['Archibald']],
  ['Bertie', ['Albert', 'Herbert', 'Bertram']],
  ['Reggie', ['Reginald']],
  ['Jeff', ['Jeffrey']],
  ['Geoff', ['Geoffrey']],
  ['Phil', ['Philip']],
  ['Ally', ['Alice', 'Alison']],
  ['Allie', ['Alice']],
  ['Ginny', ['Virginia']],
  ['Trudy', ['Gertrude']],
  ['Jake', ['Jacob']],
  ['Jamesy', ['James']],
  ['Lucy', ['Lucinda']],
  ['Rosie', ['Rose', 'Rosalind']],
  ['Bella', ['Isabella', 'Arabella']],
  ['Tess', ['Theresa']],
  ['Tessa', ['Theresa']],
  ['Vicky', ['Victoria']],
]);

/** Subject pronouns of speech tags, with the gender they refer to ('i' is the narrator). */
export const TAG_PRONOUNS: ReadonlyMap<string, Gender | 'i'> = new Map([
  ['he', 'm'],
  ['she', 'f'],
  ['i', 'i'],
]);

const MALE_NOUNS = new Set(
  (
    'gentleman man boy lad fellow husband father son brother uncle nephew lord king prince duke sir master youth ' +
    'bachelor grandfather grandpapa grandpa papa'
  ).split(' '),
);
const FEMALE_NOUNS = new Set(
  (
    'lady woman girl wife mother daughter sister aunt niece queen princess duchess matron maid widow dame miss ' +
    'mistress grandmother grandmamma grandma granny mamma mama'
  ).split(' '),
);

/** The gender a describing noun implies ("the old gentleman"), or 'u'. */
export function nounGender(noun: string): Gender {
  const n = noun.toLowerCase();
  if (MALE_NOUNS.has(n)) return 'm';
  if (FEMALE_NOUNS.has(n)) return 'f';
  return 'u';
}
