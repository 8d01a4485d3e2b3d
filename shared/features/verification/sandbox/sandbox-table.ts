/** The sandbox directory as the API guide's Markdown tables (a test keeps docs/api-guide.md equal to them). */
import { stateBoards } from '../../sources/boards/registry.ts';
import { sandboxCases, sandboxProviders, type SandboxExpectation } from './sandbox-directory.ts';
import { sandboxLicenseNumber } from './sandbox-sources.ts';

const code = (value: string) => `\`${value}\``;

function expectation(e: SandboxExpectation): string {
  const parts = [code(e.status), e.verified ? 'verified' : 'not verified'];
  if (e.disciplinary_flags) parts.push('`disciplinary_flags: true`');
  if (e.oig_excluded) parts.push(`\`oig_excluded: true\` (match \`${e.oig_match}\`)`);
  else if (e.oig_excluded === false) parts.push('`oig_excluded: false`');
  if (e.match_basis) parts.push(`\`match_basis\` has ${e.match_basis.map(code).join(', ')}`);
  if (e.match_note) parts.push(`\`match_note.reason: ${e.match_note}\``);
  if (e.board_source) parts.push(`board source \`${e.board_source}\``);
  return parts.join('; ');
}

/** The providers and the documented requests with their outcomes. */
export function sandboxDirectoryMarkdown(): string {
  const states = Object.keys(stateBoards).sort().join(', ');
  const providers = [
    `Every supported state (${states}) holds these fictional providers, each with the same license number in every state:`,
    '',
    '| Name | Profession | Board status | License number | NPI | DOB |',
    '|---|---|---|---|---|---|',
    ...sandboxProviders.map(
      (p) =>
        `| ${[p.firstName, p.middleName, p.lastName].filter(Boolean).join(' ')} | ${code(p.profession)} | ${code(p.status)}${p.expiresInDays < 0 ? `, expired ${-p.expiresInDays} days ago` : ''}${p.disciplinary ? ', discipline on record' : ''}${p.excluded ? `, OIG-excluded (${p.excluded === 'npi_on_record' ? 'NPI on the record' : 'name and DOB on the record'})` : ''}${p.boardDown ? (p.boardDown === 'no_cache' ? ', board unreachable' : ', board unreachable, 30-day-old cached answer') : ''} | ${code(sandboxLicenseNumber(p))} | ${code(p.npi)} | ${p.dob} |`,
    ),
  ];
  const cases = [
    'Requests and what they answer (`any`: every supported state):',
    '',
    '| Case | Request | State | Outcome |',
    '|---|---|---|---|',
    ...sandboxCases.map((c) => {
      const { state, ...fields } = c.request;
      const request = Object.entries(fields)
        .map(([k, v]) => `${k}: ${v}`)
        .join(', ');
      return `| ${c.title} | ${request} | ${state === 'any' ? 'any' : code(state)} | ${expectation(c.expect)} |`;
    }),
  ];
  return [...providers, '', ...cases].join('\n');
}
