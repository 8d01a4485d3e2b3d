/**
 * How one person's name is written differently by different sources: nicknames (a board has the legal
 * CHRISTOPHER, NPPES the CHRIS the provider typed, or the other way round), accents that only some
 * sources keep (JOSÉ / JOSE), apostrophes and particles in surnames (O'BRIEN / OBRIEN, DE LA CRUZ /
 * DELACRUZ) and hyphenated double surnames (GARCIA-LOPEZ / GARCIA LOPEZ / GARCIA).
 */
import type { Sex } from './name-tables.ts';
import type { Rng } from './prng.ts';

/** Legal given name → a short form in everyday use. Prefix forms first; a few table-only pairs. */
export const nicknames: Readonly<Record<string, { readonly short: string; readonly prefix: boolean }>> = {
  CHRISTOPHER: { short: 'CHRIS', prefix: true },
  CHRISTINA: { short: 'CHRIS', prefix: true },
  KATHERINE: { short: 'KATH', prefix: true },
  KATHLEEN: { short: 'KATH', prefix: true },
  JONATHAN: { short: 'JON', prefix: true },
  MATTHEW: { short: 'MATT', prefix: true },
  DANIEL: { short: 'DAN', prefix: true },
  NICHOLAS: { short: 'NICK', prefix: false },
  ALEXANDER: { short: 'ALEX', prefix: true },
  ALEXANDRA: { short: 'ALEX', prefix: true },
  SAMANTHA: { short: 'SAM', prefix: true },
  SAMUEL: { short: 'SAM', prefix: true },
  BENJAMIN: { short: 'BEN', prefix: true },
  TIMOTHY: { short: 'TIM', prefix: true },
  ZACHARY: { short: 'ZACH', prefix: true },
  PATRICIA: { short: 'PAT', prefix: true },
  PATRICK: { short: 'PAT', prefix: true },
  REBECCA: { short: 'BECKY', prefix: false },
  JENNIFER: { short: 'JEN', prefix: true },
  ELIZABETH: { short: 'LIZ', prefix: false },
  STEPHANIE: { short: 'STEPH', prefix: true },
  KIMBERLY: { short: 'KIM', prefix: true },
  ANDREW: { short: 'ANDY', prefix: false },
  ANTHONY: { short: 'TONY', prefix: false },
  WILLIAM: { short: 'BILL', prefix: false },
  ROBERT: { short: 'ROB', prefix: true },
  RICHARD: { short: 'RICH', prefix: true },
  THOMAS: { short: 'TOM', prefix: true },
  MICHAEL: { short: 'MIKE', prefix: false },
  JOSEPH: { short: 'JOE', prefix: false },
  JAMES: { short: 'JIM', prefix: false },
  DAVID: { short: 'DAVE', prefix: false },
  EDWARD: { short: 'ED', prefix: true },
  STEVEN: { short: 'STEVE', prefix: true },
  SUSAN: { short: 'SUE', prefix: false },
  DEBORAH: { short: 'DEB', prefix: true },
  MARGARET: { short: 'MAGGIE', prefix: false },
  VICTORIA: { short: 'VICKI', prefix: false },
  GREGORY: { short: 'GREG', prefix: true },
  JEFFREY: { short: 'JEFF', prefix: true },
};

/** Given names commonly written with an accent by the person but without it by most systems. */
export const accentedGivenNames: Readonly<Record<string, string>> = {
  JOSE: 'JOSÉ',
  JESUS: 'JESÚS',
  RAMON: 'RAMÓN',
  ANDRES: 'ANDRÉS',
  MARIA: 'MARÍA',
  SOFIA: 'SOFÍA',
  ANGELICA: 'ANGÉLICA',
  RENE: 'RENÉ',
  ZOE: 'ZOË',
};

/** Surnames written with an accent or tilde by some sources. */
export const accentedSurnames: Readonly<Record<string, string>> = {
  PENA: 'PEÑA',
  MUNOZ: 'MUÑOZ',
  NUNEZ: 'NÚÑEZ',
  IBANEZ: 'IBÁÑEZ',
  RODRIGUEZ: 'RODRÍGUEZ',
  GONZALEZ: 'GONZÁLEZ',
  HERNANDEZ: 'HERNÁNDEZ',
  PEREZ: 'PÉREZ',
  RAMIREZ: 'RAMÍREZ',
  JIMENEZ: 'JIMÉNEZ',
};

/** Census spelling (no punctuation, no spaces) → how people and boards usually write it. */
export const punctuatedSurnames: Readonly<Record<string, string>> = {
  OBRIEN: "O'BRIEN",
  OCONNOR: "O'CONNOR",
  ONEIL: "O'NEIL",
  ONEILL: "O'NEILL",
  ODONNELL: "O'DONNELL",
  OCONNELL: "O'CONNELL",
  ODELL: "O'DELL",
  DELACRUZ: 'DE LA CRUZ',
  DELEON: 'DE LEON',
  DELAROSA: 'DE LA ROSA',
  DELAGARZA: 'DE LA GARZA',
  DELOSSANTOS: 'DE LOS SANTOS',
  VANDYKE: 'VAN DYKE',
  VANBUREN: 'VAN BUREN',
};

/** Surnames that combine into Spanish-style double surnames (paternal-maternal). */
export const hispanicSurnames: ReadonlySet<string> = new Set([
  'GARCIA',
  'RODRIGUEZ',
  'MARTINEZ',
  'HERNANDEZ',
  'LOPEZ',
  'GONZALEZ',
  'PEREZ',
  'SANCHEZ',
  'RAMIREZ',
  'TORRES',
  'FLORES',
  'RIVERA',
  'GOMEZ',
  'DIAZ',
  'CRUZ',
  'REYES',
  'MORALES',
  'ORTIZ',
  'GUTIERREZ',
  'CHAVEZ',
  'RAMOS',
  'RUIZ',
  'ALVAREZ',
  'MENDOZA',
  'CASTILLO',
  'JIMENEZ',
  'MORENO',
  'ROMERO',
  'HERRERA',
  'MEDINA',
  'AGUILAR',
  'VARGAS',
  'GUZMAN',
  'CASTRO',
  'VASQUEZ',
  'SALAZAR',
  'PENA',
  'MUNOZ',
  'NUNEZ',
]);

/** Removes accents: JOSÉ → JOSE, PEÑA → PENA (what most systems store). */
/**
 * A person's surname as boards write it, from a drawn census surname: punctuated (O'BRIEN); one in seven
 * with a Hispanic surname carries a Spanish double surname (paternal-maternal); one in eight women of 27
 * or more goes by a married name, keeping the maiden name as a former name (sometimes hyphenated in
 * front). `draw` gives further census surnames; the draws from `rng` come in a fixed order.
 */
export function familyName(
  rng: Rng,
  census: string,
  person: { readonly sex: Sex; readonly age: number },
  draw: () => string,
): { last: string; formerLast: string | null } {
  let last = punctuatedSurnames[census] ?? census;
  if (hispanicSurnames.has(census) && rng.chance(0.14)) {
    let second = draw();
    for (let i = 0; i < 20 && !hispanicSurnames.has(second); i++) second = draw();
    if (hispanicSurnames.has(second) && second !== census) last = `${census}-${second}`;
    return { last, formerLast: null };
  }
  if (person.sex === 'F' && person.age >= 27 && rng.chance(0.13)) {
    const maiden = last;
    const married = draw();
    last = punctuatedSurnames[married] ?? married;
    if (rng.chance(0.12)) last = `${maiden}-${last}`;
    return { last, formerLast: maiden };
  }
  return { last, formerLast: null };
}

export function stripAccents(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '');
}

/** Upper case to title case, keeping separators: GARCIA-LOPEZ → Garcia-Lopez, O'BRIEN → O'Brien. */
export function titleCase(text: string): string {
  return text
    .toLowerCase()
    .replace(/(^|[\s'\-.])(\p{L})/gu, (_, sep: string, ch: string) => sep + ch.toUpperCase())
    .replace(/\bMc(\p{L})/gu, (_, ch: string) => `Mc${ch.toUpperCase()}`);
}

/** A generational suffix: about 4 % of men carry one (JR most often); women none. */
export function nameSuffix(rng: Rng, sex: Sex): string {
  return sex === 'M' && rng.chance(0.04)
    ? rng.weighted([
        ['JR', 6],
        ['SR', 1],
        ['II', 1],
        ['III', 1.5],
        ['IV', 0.3],
      ] as const)
    : '';
}
