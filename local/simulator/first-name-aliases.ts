/**
 * A small stand-in for the NPI Registry's first-name alias table (`use_first_name_alias`, on by
 * default): `first_name=Robert` also finds Rob, Bob and Bobby. The registry's own table is not
 * published; these are common English name families, enough to exercise the behaviour.
 */
const families: readonly (readonly string[])[] = [
  ['ROBERT', 'ROB', 'ROBBIE', 'BOB', 'BOBBY', 'BOBBIE'],
  ['WILLIAM', 'WILL', 'WILLIE', 'BILL', 'BILLY', 'LIAM'],
  ['JAMES', 'JIM', 'JIMMY', 'JAMIE'],
  ['JOHN', 'JACK', 'JOHNNY', 'JON'],
  ['MICHAEL', 'MIKE', 'MICKEY', 'MICK'],
  ['RICHARD', 'RICK', 'RICKY', 'RICH', 'DICK'],
  ['THOMAS', 'TOM', 'TOMMY'],
  ['JOSEPH', 'JOE', 'JOEY'],
  ['CHRISTOPHER', 'CHRIS'],
  ['DANIEL', 'DAN', 'DANNY'],
  ['MATTHEW', 'MATT'],
  ['ANTHONY', 'TONY'],
  ['EDWARD', 'ED', 'EDDIE', 'TED'],
  ['STEVEN', 'STEPHEN', 'STEVE'],
  ['ALEXANDER', 'ALEX'],
  ['NICHOLAS', 'NICK'],
  ['DAVID', 'DAVE'],
  ['ELIZABETH', 'LIZ', 'LIZZIE', 'BETH', 'BETTY', 'ELIZA'],
  ['KATHERINE', 'CATHERINE', 'KATHRYN', 'KATE', 'KATIE', 'KATHY', 'CATHY'],
  ['MARGARET', 'MAGGIE', 'PEGGY', 'MEG'],
  ['PATRICIA', 'PAT', 'PATTY', 'TRISH'],
  ['JENNIFER', 'JEN', 'JENNY'],
  ['SUSAN', 'SUE', 'SUSIE'],
  ['DEBORAH', 'DEBRA', 'DEB', 'DEBBIE'],
];

const byName = new Map<string, readonly string[]>();
for (const family of families) for (const name of family) byName.set(name, family);

/** The upper-cased first name and its aliases. */
export function firstNameAliases(upperName: string): readonly string[] {
  return byName.get(upperName) ?? [upperName];
}
