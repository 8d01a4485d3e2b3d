/**
 * Addresses for the sample data: real city names with their ZIP prefixes, counties (Illinois rows
 * carry one) and telephone area codes; street numbers and names are made up. Telephone numbers use the
 * 555-01xx block reserved for fiction.
 */
import type { Rng } from './prng.ts';

export const launchStates = ['WA', 'CO', 'IL', 'TX', 'DE'] as const;
export type LaunchState = (typeof launchStates)[number];

interface City {
  readonly name: string;
  /** ZIP codes are this prefix plus random digits up to five. */
  readonly zipPrefix: string;
  readonly county: string;
  readonly areaCode: string;
}

function city(name: string, zipPrefix: string, county: string, areaCode: string): City {
  return { name, zipPrefix, county, areaCode };
}

/** A city listed twice is drawn twice as often (the big cities). */
export const cities: Readonly<Record<string, readonly City[]>> = {
  WA: [
    city('SEATTLE', '981', 'KING', '206'),
    city('SEATTLE', '981', 'KING', '206'),
    city('SPOKANE', '992', 'SPOKANE', '509'),
    city('TACOMA', '984', 'PIERCE', '253'),
    city('VANCOUVER', '986', 'CLARK', '360'),
    city('BELLEVUE', '980', 'KING', '425'),
    city('EVERETT', '982', 'SNOHOMISH', '425'),
    city('OLYMPIA', '985', 'THURSTON', '360'),
    city('YAKIMA', '989', 'YAKIMA', '509'),
    city('KENNEWICK', '993', 'BENTON', '509'),
  ],
  CO: [
    city('DENVER', '802', 'DENVER', '303'),
    city('DENVER', '802', 'DENVER', '720'),
    city('COLORADO SPRINGS', '809', 'EL PASO', '719'),
    city('AURORA', '800', 'ARAPAHOE', '303'),
    city('FORT COLLINS', '805', 'LARIMER', '970'),
    city('BOULDER', '803', 'BOULDER', '303'),
    city('PUEBLO', '810', 'PUEBLO', '719'),
    city('GRAND JUNCTION', '815', 'MESA', '970'),
    city('LAKEWOOD', '802', 'JEFFERSON', '303'),
  ],
  IL: [
    city('CHICAGO', '606', 'COOK', '312'),
    city('CHICAGO', '606', 'COOK', '773'),
    city('SPRINGFIELD', '627', 'SANGAMON', '217'),
    city('PEORIA', '616', 'PEORIA', '309'),
    city('ROCKFORD', '611', 'WINNEBAGO', '815'),
    city('NAPERVILLE', '605', 'DUPAGE', '630'),
    city('CHAMPAIGN', '618', 'CHAMPAIGN', '217'),
    city('EVANSTON', '602', 'COOK', '847'),
    city('JOLIET', '604', 'WILL', '815'),
    city('OAK PARK', '603', 'COOK', '708'),
  ],
  TX: [
    city('HOUSTON', '770', 'HARRIS', '713'),
    city('HOUSTON', '770', 'HARRIS', '832'),
    city('DALLAS', '752', 'DALLAS', '214'),
    city('SAN ANTONIO', '782', 'BEXAR', '210'),
    city('AUSTIN', '787', 'TRAVIS', '512'),
    city('FORT WORTH', '761', 'TARRANT', '817'),
    city('EL PASO', '799', 'EL PASO', '915'),
    city('LUBBOCK', '794', 'LUBBOCK', '806'),
    city('CORPUS CHRISTI', '784', 'NUECES', '361'),
    city('PLANO', '750', 'COLLIN', '972'),
  ],
  DE: [
    city('WILMINGTON', '198', 'NEW CASTLE', '302'),
    city('WILMINGTON', '198', 'NEW CASTLE', '302'),
    city('DOVER', '199', 'KENT', '302'),
    city('NEWARK', '197', 'NEW CASTLE', '302'),
    city('LEWES', '1995', 'SUSSEX', '302'),
    city('MIDDLETOWN', '1970', 'NEW CASTLE', '302'),
    city('GEORGETOWN', '1994', 'SUSSEX', '302'),
    city('MILFORD', '1996', 'KENT', '302'),
  ],
  // Out-of-state addresses (licensees living elsewhere, LEIE rows from all over the country).
  NY: [city('NEW YORK', '100', 'NEW YORK', '212'), city('BROOKLYN', '112', 'KINGS', '718'), city('BUFFALO', '142', 'ERIE', '716')],
  CA: [city('LOS ANGELES', '900', 'LOS ANGELES', '213'), city('SAN DIEGO', '921', 'SAN DIEGO', '619'), city('SACRAMENTO', '958', 'SACRAMENTO', '916')],
  FL: [city('MIAMI', '331', 'MIAMI-DADE', '305'), city('TAMPA', '336', 'HILLSBOROUGH', '813'), city('ORLANDO', '328', 'ORANGE', '407')],
  OR: [city('PORTLAND', '972', 'MULTNOMAH', '503'), city('EUGENE', '974', 'LANE', '541')],
  AZ: [city('PHOENIX', '850', 'MARICOPA', '602'), city('TUCSON', '857', 'PIMA', '520')],
  PA: [city('PHILADELPHIA', '191', 'PHILADELPHIA', '215'), city('PITTSBURGH', '152', 'ALLEGHENY', '412')],
  MD: [city('BALTIMORE', '212', 'BALTIMORE CITY', '410'), city('SALISBURY', '218', 'WICOMICO', '410')],
  NJ: [city('NEWARK', '071', 'ESSEX', '973'), city('CAMDEN', '081', 'CAMDEN', '856')],
  WI: [city('MILWAUKEE', '532', 'MILWAUKEE', '414'), city('MADISON', '537', 'DANE', '608')],
  NM: [city('ALBUQUERQUE', '871', 'BERNALILLO', '505')],
  OK: [city('OKLAHOMA CITY', '731', 'OKLAHOMA', '405'), city('TULSA', '741', 'TULSA', '918')],
  LA: [city('NEW ORLEANS', '701', 'ORLEANS', '504'), city('SHREVEPORT', '711', 'CADDO', '318')],
  OH: [city('COLUMBUS', '432', 'FRANKLIN', '614'), city('CLEVELAND', '441', 'CUYAHOGA', '216')],
  MI: [city('DETROIT', '482', 'WAYNE', '313'), city('GRAND RAPIDS', '495', 'KENT', '616')],
  GA: [city('ATLANTA', '303', 'FULTON', '404'), city('SAVANNAH', '314', 'CHATHAM', '912')],
  MA: [city('BOSTON', '021', 'SUFFOLK', '617'), city('WORCESTER', '016', 'WORCESTER', '508')],
  NC: [city('CHARLOTTE', '282', 'MECKLENBURG', '704'), city('RALEIGH', '276', 'WAKE', '919')],
};

/** States that neighbour each launch state: where out-of-state licensees tend to live. */
export const neighbourStates: Readonly<Record<LaunchState, readonly string[]>> = {
  WA: ['OR', 'CA', 'AZ'],
  CO: ['NM', 'AZ', 'OK', 'TX'],
  IL: ['WI', 'MI', 'OH'],
  TX: ['OK', 'LA', 'NM'],
  DE: ['PA', 'MD', 'NJ'],
};

/** Every state with cities, weighted roughly by population, for LEIE rows of unrelated people. */
export const leieStates: readonly (readonly [string, number])[] = [
  ['CA', 12],
  ['TX', 9],
  ['FL', 9],
  ['NY', 8],
  ['PA', 5],
  ['IL', 5],
  ['OH', 4],
  ['GA', 4],
  ['NC', 4],
  ['MI', 4],
  ['NJ', 3],
  ['WA', 3],
  ['AZ', 3],
  ['MA', 3],
  ['CO', 2],
  ['MD', 2],
  ['WI', 2],
  ['OK', 2],
  ['LA', 2],
  ['OR', 1],
  ['NM', 1],
  ['DE', 1],
];

const streets = [
  'MAIN ST',
  'OAK AVE',
  'PINE ST',
  'MAPLE AVE',
  'CEDAR LN',
  'ELM ST',
  'WASHINGTON BLVD',
  'LAKE ST',
  'HILL RD',
  'PARK AVE',
  'RIVER RD',
  'SUNSET BLVD',
  'MEDICAL CENTER DR',
  'HOSPITAL DR',
  'COLLEGE AVE',
  'MILL RD',
  'CHURCH ST',
  'HIGHLAND AVE',
  'FOREST DR',
  'JEFFERSON ST',
  'LINCOLN AVE',
  'FRANKLIN ST',
  'WILLOW WAY',
  'SPRING ST',
  'VALLEY VIEW DR',
  'CENTRAL AVE',
  'MARKET ST',
  'BROADWAY',
  'UNIVERSITY AVE',
];

export interface Address {
  readonly line1: string;
  readonly line2: string;
  readonly city: string;
  readonly state: string;
  /** Five digits. */
  readonly zip: string;
  /** Four more digits (NPPES writes nine). */
  readonly zip4: string;
  readonly county: string;
  readonly phone: string;
  readonly fax: string;
}

/** A fictional number in the 555-01xx block of the city's area code. */
function phoneNumber(rng: Rng, c: City): string {
  return `${c.areaCode}-555-01${rng.digits(2)}`;
}

export function randomAddress(rng: Rng, state: string): Address {
  const options = cities[state];
  if (!options) throw new Error(`no cities for ${state}`);
  const c = rng.pick(options);
  const zip = c.zipPrefix + rng.digits(5 - c.zipPrefix.length);
  return {
    line1: `${rng.int(1, 9899)} ${rng.pick(streets)}`,
    line2: rng.chance(0.25) ? rng.pick(['SUITE ', 'STE ', 'UNIT ', 'FLOOR ']) + String(rng.int(1, 450)) : '',
    city: c.name,
    state,
    zip: zip.replace(/^0{5}$/, '00501'),
    zip4: rng.digits(4),
    county: c.county,
    phone: phoneNumber(rng, c),
    fax: rng.chance(0.5) ? phoneNumber(rng, c) : '',
  };
}
