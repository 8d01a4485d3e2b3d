/**
 * Names of their own in another language that differ from a commoner name by one inner vowel: the
 * French -IEN beside the English -IAN (Julien, Adrien, Sebastien), the Italian Francesco beside the
 * Spanish Francisco, the Dutch Michiel beside Michael, the German Stephan beside Stephen, the Greek
 * Demetrios beside the Latin Demetrius, the Arabic Ismail beside the Spanish Ismael.
 *
 * The frequency rule of the typo tier (typo-rules.ts) takes a late vowel change between two recorded
 * spellings for a misspelling when one has under a tenth of the other's births (Jonathon, Zachery,
 * Kennith). These pairs pass that test by their numbers (Julien 5.2 % of Julian, Francesco 5.8 % of
 * Francisco) but are not one name mistyped: a Julien is not a Julian, as an Andrei is not an Andrew.
 * Nothing in the birth table tells them apart from the American spellings it must keep accepting, so
 * they are named here, by hand: the pairs of a language's form that the frequency rule accepted among
 * the late-vowel pairs of names given 2,000+ times each (Julien, Adrien, Sebastien, Vivien, Julienne,
 * Francesco, Stephan, Ismail, Demetrios), and the same endings in rarer names (Michiel, Fabien, Lucien,
 * Cyprien, Maximilien). Keys are upper case, letters only.
 */
const pairs: readonly (readonly [string, string])[] = [
  ['ADRIEN', 'ADRIAN'],
  ['CYPRIEN', 'CYPRIAN'],
  ['DAMIEN', 'DAMIAN'],
  ['DEMETRIOS', 'DEMETRIUS'],
  ['FABIEN', 'FABIAN'],
  ['FRANCESCO', 'FRANCISCO'],
  ['ISMAIL', 'ISMAEL'],
  ['JULIEN', 'JULIAN'],
  ['JULIENNE', 'JULIANNE'],
  ['LUCIEN', 'LUCIAN'],
  ['MAXIMILIEN', 'MAXIMILIAN'],
  ['MICHIEL', 'MICHAEL'],
  ['SEBASTIEN', 'SEBASTIAN'],
  ['STEPHAN', 'STEPHEN'],
  ['VIVIEN', 'VIVIAN'],
];

const forms = new Set(pairs.flatMap(([a, b]) => [`${a}|${b}`, `${b}|${a}`]));

/** True when `a` and `b` are one name in two languages, each a name of its own, never a typo of the other. */
export function areLanguageForms(a: string, b: string): boolean {
  return forms.has(`${a}|${b}`);
}
