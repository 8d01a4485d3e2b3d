/**
 * Nicknames that are not a prefix of the formal name (Bob/Robert, Peggy/Margaret, Ed/Edward), or are a
 * prefix the general prefix rule must refuse (two letters; a short form whose own sex differs from the
 * formal name's, as Sam/Samantha and Alex/Alexandra; Chris/Christina, where the prefix rule would see
 * the feminine -ina), plus the old record-keeping abbreviations (Wm, Chas, Thos).
 *
 * Source: curated for this service from common US English and Spanish usage; the pairs were checked
 * against the nickname list of Debian's libtext-names-perl (Text::Names, 574 pairs), leaving out its
 * pairs that join two names in their own right (Agnes/Inez, Jennifer/Winifred, Amy/Amanda). Short forms
 * used for names of both sexes are listed under each (Nat: Nathan and Natalie; Mel: Melvin and Melanie;
 * Cam: Cameron and Camille; Val, Ali, Ash, Del, Tab, Tam), since the prefix rule refuses a short form
 * recorded for the other sex unless it is a rare three-letter nickname (given-name-tiers.ts). Only a
 * nickname and one of its formal names match each other; two formal names sharing a nickname (Steven,
 * Stephen) do not. Two nicknames of one formal name match only when one is a prefix of the other
 * (Jim/Jimmy, Bob/Bobby, Jen/Jenny), which is the same short form with a diminutive ending.
 *
 * Each row is `formal names: nicknames`; every formal name on a row takes every nickname on it.
 */
const rows: readonly string[] = [
  'ABIGAIL: ABBY ABBIE',
  'ABRAHAM ABRAM: ABE',
  'ALBERT: AL BERT BERTIE',
  'ALBERTO: AL BETO',
  'ALEXANDER ALEJANDRO: AL ALEC ALEX LEX SANDY XANDER',
  'ALEXANDRA: ALEX LEXI LEXIE SANDY',
  'ALEXIS: ALEX LEXI',
  'ALFRED: AL ALF ALFIE FRED',
  'ALLISON ALISON: ALLIE ALLY ALI',
  'AMANDA: MANDY MANDI',
  'ANDREW ANDRES: ANDY DREW',
  'ANGELA: ANGIE',
  'ANN ANNE: ANNIE',
  'ANTHONY ANTONIO: TONY',
  'ARTHUR: ART ARTIE',
  'ASHLEY: ASH',
  'BARBARA: BARB BARBIE BABS BAB',
  'BENJAMIN: BEN BENNY BENJI BENJ',
  'BERNARD: BERNIE',
  'BEVERLY: BEV',
  'BRADLEY BRADFORD: BRAD',
  'BRITTANY: BRITT',
  'CAMERON: CAM',
  'CAMILLE CAMILA CAMILLA: CAM CAMMIE',
  'CAROLINE CAROLYN: CARRIE',
  'CASSANDRA: CASS CASSIE',
  'CATHERINE KATHERINE KATHRYN KATHARINE CATHRYN: CATHY KATHY KATE KATIE KATY KAT KITTY',
  'KATHLEEN: KATHY KATH KATE KATIE',
  'CHARLES: CHARLIE CHUCK CHAS CHAZ',
  'CHADWICK: CHAD',
  'CHARLOTTE: CHARLIE LOTTIE',
  'CHRISTOPHER: CHRIS KIT TOPHER',
  'CHRISTIAN: CHRIS',
  'CHRISTINA CHRISTINE KRISTINA KRISTINE: CHRIS CHRISSY KRIS TINA',
  'CLIFFORD: CLIFF',
  'CONSTANCE: CONNIE',
  'CYNTHIA: CINDY',
  'DANIEL: DAN DANNY',
  'DAVID: DAVE DAVEY DAVY',
  'DEBORAH DEBRA: DEB DEBBIE DEBBY',
  'DELORES DOLORES: DEL DEE',
  'DENNIS: DENNY',
  'DIANA DIANE: DI',
  'DOMINIC DOMINICK: DOM NICK',
  'DONALD: DON DONNIE DONNY',
  'DOROTHY: DOT DOTTIE DOTTY',
  'DOUGLAS: DOUG',
  'EDWARD: ED EDDIE EDDY NED TED TEDDY EDW',
  'EDMUND: ED NED',
  'EDWIN: ED',
  'EDUARDO: ED LALO',
  'ELEANOR: ELLIE NELL NELLIE',
  'ELIZABETH ELISABETH: LIZ LIZZIE LIZA BETH BETSY BETTY BET BESS BESSIE LIBBY ELIZA ELIZ',
  'BETH: BET',
  'BETHANY: BETH',
  'EUGENE: GENE',
  'EVELYN: EVIE',
  'FRANCES: FRAN FRANNIE FRANKIE',
  'FRANCIS: FRAN FRANK FRANKIE',
  'FRANCISCO: FRANK PACO PANCHO',
  'FRANKLIN: FRANK',
  'FREDERICK FREDRICK: FRED FREDDIE FREDDY FRITZ RICK',
  'GABRIEL: GABE',
  'GABRIELLE GABRIELA GABRIELLA: GABBY GABBIE',
  'GEORGE: GEO',
  'GERALD: GERRY JERRY',
  'GERALDINE: GERRY',
  'GERTRUDE: TRUDY',
  'GREGORY: GREG',
  'GUILLERMO: MEMO',
  'GWENDOLYN: GWEN WENDY',
  'HAROLD: HAL HARRY',
  'HENRY: HANK HARRY',
  'HERBERT: HERB',
  'IGNACIO: NACHO',
  'ISABEL ISABELLA ISABELLE: IZZY ISSY BELLA',
  'JACKSON: JACK',
  'JACOB: JAKE',
  'JACQUELINE: JACKIE JACKY',
  'JAMES: JIM JIMMY JIMMIE JAMIE JAS',
  'JEFFREY JEFFERY GEOFFREY: JEFF GEOFF',
  'JENNIFER: JEN JENN JENNY JENNI JENNIE',
  'JEREMIAH JEREMY: JERRY',
  'JILLIAN: JILL',
  'JESSICA: JESS JESSIE JESSI',
  'JESUS: CHUY',
  'JOHN: JACK JOHNNY JNO',
  'JONATHAN JONATHON: JON JONNY',
  'JOSE: PEPE',
  'JOSEPH: JOE JOEY JOS',
  'JOSEPHINE: JO JOSIE',
  'JOANNE JOANNA: JO',
  'JOSHUA: JOSH',
  'JUDITH: JUDY JUDI',
  'KENNETH: KEN KENNY',
  'KIMBERLY KIMBERLEY: KIM KIMMY',
  'LAWRENCE LAURENCE: LARRY',
  'LEONARD: LEN LENNY LEO',
  'LEONARDO: LEO',
  'LOUIS: LOU LOUIE',
  'MADELINE MADELYN MADELEINE: MADDIE MADDY',
  'MARGARET: MAGGIE MEG PEG PEGGY MARGE MARGIE MADGE',
  'MARJORIE: MARGE MARGIE',
  'MARTIN: MARTY',
  'MATTHEW: MATT MATTY MAT',
  'MAXWELL MAXIMILIAN MAXIMILLIAN: MAX',
  'MELISSA MELANIE MELINDA: MEL',
  'MELISSA: MISSY',
  'MELVIN: MEL',
  'MICHAEL: MIKE MIKEY MICK MICKEY',
  'MILDRED: MILLIE',
  'MITCHELL: MITCH',
  'NATHAN NATHANIEL: NATE NAT',
  'NATALIE NATALIA NATASHA: NAT',
  'NICHOLAS NICOLAS: NICK NICKY NICO',
  'NICOLE: NIKKI NICKI',
  'NORMAN: NORM',
  'OLIVER: OLLIE',
  'PAMELA: PAM',
  'PATRICIA: PAT PATTY PATSY TRISH TRISHA TRICIA',
  'PATRICK: PAT PADDY',
  'PENELOPE: PENNY',
  'PETER: PETE',
  'PHILIP PHILLIP: PHIL',
  'RANDALL RANDOLPH: RANDY',
  'RAYMOND: RAY',
  'REBECCA: BECKY BECCA',
  'REGINALD: REG REGGIE',
  'RICHARD: DICK RICK RICKY RICH RICHIE RICHD',
  'ROBERT: BOB BOBBY ROB ROBBIE ROBBY BERT ROBT',
  'ROBERTO: BETO ROB',
  'RODNEY: ROD',
  'RONALD: RON RONNIE RONNY',
  'ROSEMARY: ROSE ROSIE',
  'RUSSELL: RUSS',
  'SAMANTHA: SAM SAMMY',
  'SAMUEL: SAM SAMMY SAML',
  'SANDRA: SANDY SANDI',
  'STANLEY: STAN',
  'STEPHANIE: STEPH STEPHIE',
  'STEVEN STEPHEN: STEVE STEVIE',
  'SUSAN SUSANNE SUZANNE SUSANNA: SUE SUSIE SUZY SUZIE',
  'TABITHA: TABBY TAB',
  'TAMARA: TAMMY TAM',
  'TERESA THERESA: TERRI TESS',
  'THEODORE: TED TEDDY THEO',
  'THOMAS: TOM TOMMY THOS',
  'TIMOTHY: TIM TIMMY',
  'TOBIAS: TOBY',
  'VALERIE VALERIA: VAL',
  'VICTORIA: VICKY VICKI VICKIE TORI',
  'VINCENT: VINCE VINNY VIN',
  'VIRGINIA: GINNY',
  'WALTER: WALT WALLY',
  'WESLEY: WES',
  'WILLIAM: BILL BILLY WILL WILLY WILLIE WM',
  'WINIFRED: WINNIE',
  'ZACHARY: ZACH ZACK ZAK',
];

/**
 * Prefix short forms the general prefix rule refuses although they are nicknames: short forms that are
 * names in their own right (Abe, Cal, Eli, Jan, Joy, Nan) and short forms whose long form adds only one
 * or two letters (Kev/Kevin, Meg/Megan, Curt/Curtis, Thom/Thomas), a shape that is otherwise how a
 * feminine form is made (Carl/Carla). Source: the public nickname lists carltonnorthern/nicknames
 * (names.csv, Apache License 2.0) and Text::Names (Debian libtext-names-perl 0.46), their pairs whose
 * nickname is a prefix of the formal name, leaving out by hand pairs of the two sexes (Bert/Bertha,
 * Clem/Clementine, Vic/Victoria), variant spellings or names of their own (Sara/Sarah, Ann/Anna,
 * Nathan/Nathaniel, Ken/Kent) and pairs this service takes for two names (Don/Donovan, Carl/Carlton,
 * Carol/Caroline). Unisex short forms stand under feminine names too (Alex/Alexandria, Chris/Christa,
 * Val/Valentina), as in the rows above.
 */
const prefixRows: readonly string[] = [
  'ABEL: ABE',
  'ADALINE ADELINE: ADA',
  'ALEKSANDR ALEKSANDER: ALEK',
  'ALEXANDRIA: ALEX',
  'ALIXANDRA: ALIX',
  'ALLYSSA: ALLY',
  'ANSELM: ANSE',
  'ARABELLA ARABELLE: ARA',
  'ARIELLE: ARIE',
  'ARTEMUS: ART',
  'ASAHEL ASAPH: ASA',
  'BARTHOLOMEW: BART',
  'BENEDICT: BEN',
  'BERTRAM: BERT',
  'BETHENA: BETH',
  'BREEANNA BREANNA: BREE',
  'BRITTNEY: BRITT',
  'CAITLYN CAITLIN: CAIT',
  'CALEB: CAL',
  'CASSIDY: CASS',
  'CHERYL: CHER',
  'SHERYL: SHER',
  'CHRISTA CHRISTIANA CHRISTIANO CHRISTOFFER CHRISTOPH: CHRIS',
  'CLEATUS: CLEAT',
  'CURTIS: CURT',
  'DANIELLE: DANI',
  'DAPHNE: DAPH',
  'DELPHINE: DELPHI',
  'EBENEZER: EBEN',
  'ELIAS ELISHA: ELI',
  'EVALINE: EVA',
  'EVELYN: EVE',
  'FALLON: FALL',
  'FELICIA: FELI',
  'FRANCINE: FRAN',
  'GARETH: GARE',
  'GARRICK: GARRI',
  'GERTRUDE: GERT GERTIE',
  'GREGGORY: GREGG',
  'GUSTAVUS GUSTAF: GUS',
  'JANET: JAN',
  'JEBADIAH: JEB',
  'JEDEDIAH: JED',
  'JEFFEREY JEFFERSON: JEFF',
  'JENNET: JENN',
  'JOHNATHAN JOHNATHON: JOHN',
  'JOYCE: JOY',
  'KAITLYN KAITLIN KAITLYNN: KAIT',
  'KATELIN KATELYN: KATE',
  'KAYLA: KAY',
  'KENDRIK: KEN',
  'KEVIN: KEV',
  'KINGSLEY: KING',
  'KRISTEL KRISTOFER KRISTOFFER: KRIS',
  'LEANNE: LEA',
  'LEONIDAS: LEON',
  'LEWIS: LEW',
  'LILLY: LIL',
  'LONZO: LON',
  'LOUISA: LOU',
  'LURANA: LURA',
  'MARVIN: MARV',
  'MATTHIAS: MATT',
  'MEGAN: MEG',
  'MERVIN MERVYN: MERV',
  'MILTON: MILT',
  'MIRABEL: MIRA',
  'MORTON: MORT',
  'MOSES: MOSE',
  'MYRTLE: MYRT',
  'NANCY: NAN',
  'NELSON: NELS',
  'NEWTON: NEWT',
  'NICODEMUS: NICO',
  'OBEDIAH: OBED',
  'PATIENCE: PAT',
  'PHILETUS: PHIL',
  'SAMPSON SAMSON: SAM',
  'SHAINA: SHA',
  'SHERMAN: SHERM',
  'SHIRLEY: SHIRL',
  'STANISLAS: STAN',
  'STEPHEN: STEPH',
  'THEOBALD: THEO',
  'THOMAS: THOM',
  'VALENTINA VALERI: VAL',
  'VERNON: VERN',
  'VIJAY: VIJ',
  'VINCENZO: VINCE',
  'VIRGIL: VIRG',
  'WENDY: WEN',
  'WINTON: WINT',
  'ZEBEDEE ZEBULON: ZEB',
];

/** Nickname → its formal names, and formal name → its nicknames. */
const formalsOf = new Map<string, Set<string>>();
const nicknamesOf = new Map<string, Set<string>>();

function add(map: Map<string, Set<string>>, key: string, value: string): void {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  set.add(value);
}

for (const row of [...rows, ...prefixRows]) {
  const [formals = '', nicknames = ''] = row.split(':');
  for (const formal of formals.trim().split(/\s+/)) {
    for (const nickname of nicknames.trim().split(/\s+/)) {
      add(formalsOf, nickname, formal);
      add(nicknamesOf, formal, nickname);
    }
  }
}

/** Number of nickname ↔ formal pairs in the table. */
export const nicknamePairCount: number = [...formalsOf.values()].reduce((sum, set) => sum + set.size, 0);

/** True when one upper-case name is a listed nickname of the other (either direction). */
export function isListedNickname(a: string, b: string): boolean {
  return formalsOf.get(a)?.has(b) === true || formalsOf.get(b)?.has(a) === true;
}

/** True when both names are listed nicknames of one formal name (Jim and Jimmy of James). */
export function shareFormalName(a: string, b: string): boolean {
  const formalsA = formalsOf.get(a);
  const formalsB = formalsOf.get(b);
  if (!formalsA || !formalsB) return false;
  for (const formal of formalsA) if (formalsB.has(formal)) return true;
  return false;
}

/** The formal names the table lists `nickname` under (NAT → NATHAN, NATHANIEL); empty when it is none. */
export function formalNamesOf(nickname: string): readonly string[] {
  const formals = formalsOf.get(nickname);
  return formals ? [...formals] : [];
}

/** True when the table lists the name as a nickname or as a formal name. */
export function isInNicknameTable(name: string): boolean {
  return formalsOf.has(name) || nicknamesOf.has(name);
}

/** Every name the table joins with `name`: its formal names and its nicknames. */
export function listedForms(name: string): string[] {
  return [...(formalsOf.get(name) ?? []), ...(nicknamesOf.get(name) ?? [])];
}
