/**
 * CMS's NPPES downloads (download.cms.gov/nppes), as the simulator serves them from
 * `nppes-deactivated/` in the data directory: the page that links the files, and the Deactivated NPI
 * Report's ZIPs.
 *
 *   nppes-deactivated/NPPES_Deactivated_NPI_Report_<MMDDYY>_V2.csv   the report's rows as text, served as
 *       `…_V2.zip` holding `NPPES Deactivated NPI Report <YYYYMMDD>.xlsx`, sheet `DeactivatedNPIs`: the
 *       title row `NPPES Deactivated Records as of <Mon DD YYYY>` merged across the sheet, the CSV's
 *       first line as the header row, then its rows; every NPI a text cell except every tenth row's,
 *       written as a number (as a hand-edited workbook may hold), dates text as written
 *   nppes-deactivated/NPPES_Deactivated_NPI_Report_<MMDDYY>_V2.zip   a ZIP served byte for byte (a real download)
 *   nppes-deactivated/NPPES_Deactivated_NPI_Report_<MMDDYY>.csv|zip  the naming without `_V2` used until
 *       2025, served the same way
 *
 *   GET /nppes/NPI_Files.html   the page: links to the other NPPES files (not served: 404), one link per
 *                               report file above (newest first) and the last report named without
 *                               `_V2`, each a single-quoted relative href as CMS writes them
 *                               (`href='./NPPES_….zip'`)
 *   GET /nppes/<report>.zip     the ZIP, with ETag / Last-Modified (conditional GET)
 */
import { PublishedFolder, type PublishedFile } from './published-folder.ts';
import { type XlsxCell, xlsxOf, zipOf } from './xlsx-writer.ts';

export const nppesFilesPagePath = '/nppes/NPI_Files.html';
export const nppesFilesPrefix = '/nppes/';

const reportPattern = /^NPPES_Deactivated_NPI_Report_(\d{2})(\d{2})(\d{2})(_V2)?\.(csv|zip)$/i;

/** The last report named without `_V2` (the naming until 2025): the page still lists it. */
const olderNaming = 'NPPES_Deactivated_NPI_Report_121024.zip';

const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * `…_101226_V2.zip` → { iso: 2026-10-12, words: October 12, 2026, short: Oct 12 2026, v2: true }; null
 * for another name.
 */
function reportDate(name: string): { iso: string; words: string; short: string; v2: boolean } | null {
  const m = reportPattern.exec(name);
  if (!m) return null;
  const [month, day, year] = [Number(m[1]), Number(m[2]), 2000 + Number(m[3])];
  if (month < 1 || month > 12) return null;
  const monthName = months[month - 1]!;
  return { iso: `${year}-${m[1]}-${m[2]}`, words: `${monthName} ${day}, ${year}`, short: `${monthName.slice(0, 3)} ${m[2]} ${year}`, v2: m[4] !== undefined };
}

/** The sheet rows of a report written as text: the title, the CSV's header line, then its rows. */
export function reportRows(csv: string, title: string): XlsxCell[][] {
  const lines = csv
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '');
  const cells = (line: string) => line.split(',').map((cell) => cell.trim().replace(/^"(.*)"$/, '$1'));
  const rows: XlsxCell[][] = [[title]];
  if (lines.length > 0) rows.push(cells(lines[0]!));
  for (const [i, line] of lines.slice(1).entries()) {
    const row: XlsxCell[] = cells(line);
    // Every tenth NPI a number cell, as a workbook someone edited by hand holds.
    if (i % 10 === 9 && /^\d{10}$/.test(String(row[0]))) row[0] = Number(row[0]);
    rows.push(row);
  }
  return rows;
}

/** The published ZIP of a report written as text: one workbook member, as CMS packs it. */
export async function reportZip(csv: string, zipName: string): Promise<Buffer> {
  const date = reportDate(zipName);
  const stamp = date ? date.iso.replace(/-/g, '') : '';
  const title = date ? `NPPES Deactivated Records as of ${date.short}` : 'NPPES Deactivated Records';
  const workbook = await xlsxOf(reportRows(csv, title), { sheetName: 'DeactivatedNPIs', mergeTitle: true });
  return zipOf(new Map([[`NPPES Deactivated NPI Report ${stamp}.xlsx`, workbook]]));
}

export type ReportFile = PublishedFile;

export class NppesFiles {
  private readonly folder: PublishedFolder;

  constructor(dir: string) {
    this.folder = new PublishedFolder(dir, {
      pattern: reportPattern,
      publishedName: (local) => `${local.slice(0, -4)}.zip`,
      render: (content, local, published) => (local.toLowerCase().endsWith('.csv') ? reportZip(content.toString('utf8'), published) : Promise.resolve(content)),
      anyCase: true,
    });
  }

  file(name: string): Promise<ReportFile | undefined> {
    return this.folder.file(name);
  }

  /** The downloads page, listing the report files there are (newest first) among the other NPPES files. */
  async page(): Promise<string> {
    const reports = [...(await this.folder.names()).keys()]
      .flatMap((name) => {
        const date = reportDate(name);
        return date ? [{ name, date }] : [];
      })
      .sort((a, b) => (a.date.iso < b.date.iso ? 1 : a.date.iso > b.date.iso ? -1 : 0));
    if (!reports.some((r) => r.name === olderNaming)) reports.push({ name: olderNaming, date: reportDate(olderNaming)! });
    const reportItems = reports
      .map(({ name, date }) =>
        date.v2
          ? `<li><a href='./${name}'>NPPES Deactivated NPI Report - V.2 (${date.words})</a></li>`
          : `<li><a href='./${name}'>NPPES Deactivated NPI Report (${date.words})</a></li>`,
      )
      .join('\n');
    return `<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">
<html xmlns="http://www.w3.org/1999/xhtml">
<head>
<meta http-equiv="Content-Type" content="text/html; charset=utf-8" />
<title>NPPES Downloadable File</title>
</head>
<body>
<div id="header"><a href='https://www.cms.gov/'><img src='./cms_logo.png' alt='CMS.gov' /></a></div>
<h1>NPPES Downloadable File</h1>
<p>The files below are available for download. Each is a ZIP archive; see the Readme for the layout of the
Data Dissemination files.
<table border="0" cellpadding="4">
<tr><td><b>Full Replacement Monthly NPI File</b></td></tr>
<tr><td><a href='./NPPES_Data_Dissemination_October_2026_V2.zip'>NPPES Data Dissemination V.2 (October 12, 2026)</a> (1,021 MB)</td></tr>
<tr><td><b>Weekly Incremental NPI Files</b></td></tr>
<tr><td><a href='./NPPES_Data_Dissemination_101226_101826_Weekly_V2.zip'>NPPES Data Dissemination - Weekly Update V.2 (101226_101826)</a></td></tr>
<tr><td><a href='./NPPES_Data_Dissemination_101926_102526_Weekly_V2.zip'>NPPES Data Dissemination - Weekly Update V.2 (101926_102526)</a></td></tr>
<tr><td><b>NPPES Deactivated NPI Report</b></td></tr>
<tr><td><ul>
${reportItems}
</ul></td></tr>
<tr><td><b>Readme</b></td></tr>
<tr><td><a href='./NPPES_Data_Dissemination_Readme_V2.pdf'>Data Dissemination Public File - Readme V.2</a>
| <a href='./NPPES_Data_Dissemination_Code_Values_V2.pdf'>Code Values</a></td></tr>
</table>
<p><a href="https://npiregistry.cms.hhs.gov/">NPI Registry</a> | <a href='../index.html'>Download home</a>
</body>
</html>
`;
  }
}
