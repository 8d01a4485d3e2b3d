import { decodePDFRawStream, PDFArray, PDFDocument, type PDFRawStream, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { coverageStatement, testMark } from '#shared/features/certificates/pdf/certificate-pdf-content.ts';
import type { CertificatePdfLayout } from '#shared/features/certificates/pdf/certificate-pdf-layout.ts';
import { certificatePdfLayout, pdfProducer, renderCertificatePdf } from '#shared/features/certificates/pdf/render-certificate-pdf.ts';
import { wrapText, wrapTextClamped } from '#shared/features/certificates/pdf/text-wrap.ts';
import { fitToCharset } from '#shared/features/certificates/pdf/win-ansi-text.ts';
import { recordUrl, testModeInput, verifiedInput, withName } from '../fixtures/pdf/certificate-pdf-inputs.ts';
import { pdfText } from '../fixtures/pdf/poppler.ts';
import { olderCertificate } from '../fixtures/certificates/older-certificate.ts';

const tolerance = 0.01;

/** Every item lies inside the margins, and every text line fits the column it was wrapped for. */
function expectWithinPage(layout: CertificatePdfLayout): void {
  const box = layout.content;
  for (const item of layout.items) {
    switch (item.kind) {
      case 'text':
        expect(item.x, item.text).toBeGreaterThanOrEqual(box.left - tolerance);
        expect(item.x + item.width, item.text).toBeLessThanOrEqual(item.maxX + tolerance);
        expect(item.maxX, item.text).toBeLessThanOrEqual(box.right + tolerance);
        expect(item.y, item.text).toBeGreaterThanOrEqual(box.bottom - tolerance);
        expect(item.y + item.size, item.text).toBeLessThanOrEqual(box.top + tolerance);
        break;
      case 'rect':
        expect(item.x).toBeGreaterThanOrEqual(box.left - tolerance);
        expect(item.x + item.width).toBeLessThanOrEqual(box.right + tolerance);
        expect(item.y).toBeGreaterThanOrEqual(box.bottom - tolerance);
        expect(item.y + item.height).toBeLessThanOrEqual(box.top + tolerance);
        break;
      case 'line':
        for (const [x, y] of [
          [item.x1, item.y1],
          [item.x2, item.y2],
        ] as const) {
          expect(x).toBeGreaterThanOrEqual(box.left - tolerance);
          expect(x).toBeLessThanOrEqual(box.right + tolerance);
          expect(y).toBeGreaterThanOrEqual(box.bottom - tolerance);
          expect(y).toBeLessThanOrEqual(box.top + tolerance);
        }
        break;
      case 'path':
        expect(item.x).toBeGreaterThanOrEqual(box.left - tolerance);
        expect(item.x + item.width).toBeLessThanOrEqual(box.right + tolerance);
        expect(item.y - item.height).toBeGreaterThanOrEqual(box.bottom - tolerance);
        expect(item.y).toBeLessThanOrEqual(box.top + tolerance);
        break;
      case 'watermark':
        expect(item.bounds.left).toBeGreaterThanOrEqual(box.left - tolerance);
        expect(item.bounds.right).toBeLessThanOrEqual(box.right + tolerance);
        expect(item.bounds.bottom).toBeGreaterThanOrEqual(box.bottom - tolerance);
        expect(item.bounds.top).toBeLessThanOrEqual(box.top + tolerance);
        break;
    }
  }
  expect(box.left).toBeGreaterThanOrEqual(0);
  expect(box.right).toBeLessThanOrEqual(layout.page.width);
  expect(box.top).toBeLessThanOrEqual(layout.page.height);
}

/** No two text lines overlap (their baseline-to-cap boxes do not intersect). */
function expectNoOverlappingText(layout: CertificatePdfLayout): void {
  const lines = layout.items.flatMap((item) => (item.kind === 'text' ? [item] : []));
  for (let i = 0; i < lines.length; i += 1) {
    for (let j = i + 1; j < lines.length; j += 1) {
      const a = lines[i]!;
      const b = lines[j]!;
      const horizontal = a.x < b.x + b.width && b.x < a.x + a.width;
      const vertical = a.y < b.y + b.size * 0.72 && b.y < a.y + a.size * 0.72;
      expect(horizontal && vertical, `"${a.text}" overlaps "${b.text}"`).toBe(false);
    }
  }
}

function texts(layout: CertificatePdfLayout): string[] {
  return layout.items.flatMap((item) => (item.kind === 'text' ? [item.text] : []));
}

const collapse = (text: string): string => text.replace(/\s+/g, ' ');

describe('certificate PDF layout', () => {
  it('keeps a typical certificate inside the page at the regular spacing, without overlaps', async () => {
    const layout = await certificatePdfLayout(verifiedInput());
    expectWithinPage(layout);
    expectNoOverlappingText(layout);
    expect(layout.density).not.toBe('compact');
    expect(layout.sourcesShown).toBe(3);
    expect(layout.substituted).toBe(false);
    expect(layout.shortened).toBe(false);
    expect(layout.items.filter((item) => item.kind === 'watermark')).toHaveLength(0);
  });

  it('wraps and shortens a very long name, long values and many sources, and still fits one page', async () => {
    const input = verifiedInput();
    const longName = `${'Maximiliana Alexandrina Wolfeschlegelsteinhausen-Bergerdorff '.repeat(6)}${'X'.repeat(150)}`;
    const sources = Array.from({ length: 30 }, (_, i) => ({
      name: `State Board of Medical and Osteopathic Examiners, Licensing Division, Regional Office number ${i + 1}`,
      status: (['live', 'cached', 'unavailable'] as const)[i % 3]!,
      as_of: i % 3 === 2 ? null : '2026-03-14T15:09:25.901Z',
    }));
    const named = withName(input, longName);
    const crowded = {
      ...named,
      certificate: {
        ...named.certificate,
        provider: { ...named.certificate.provider, license_type: 'Physician and Surgeon, Unrestricted, with Controlled Substances Registration '.repeat(4) },
        sources,
      },
      recordUrl: `${recordUrl}?${'utm_source=certificate&'.repeat(6)}end`,
    };
    const layout = await certificatePdfLayout({ ...crowded, certificate: { ...crowded.certificate, mode: 'test' } });
    expectWithinPage(layout);
    expectNoOverlappingText(layout);
    expect(layout.density).toBe('compact');
    expect(layout.shortened).toBe(true);
    expect(layout.sourcesShown).toBeGreaterThan(0);
    expect(layout.sourcesShown).toBeLessThan(sources.length);
    expect(texts(layout).some((line) => line.includes(`${sources.length - layout.sourcesShown} more sources`))).toBe(true);
    const nameLines = texts(layout).filter((line) => line.includes('Wolfeschlegel') || /^X+/.test(line));
    expect(nameLines.length).toBeGreaterThanOrEqual(2);
    expect(nameLines.length).toBeLessThanOrEqual(3);
  });

  it('keeps a name without spaces and a negative test-mode outcome inside the page', async () => {
    const layout = await certificatePdfLayout(withName(testModeInput(), 'Z'.repeat(400)));
    expectWithinPage(layout);
    expectNoOverlappingText(layout);
    expect(layout.items.filter((item) => item.kind === 'watermark')).toHaveLength(1);
  });
});

describe('certificate PDF content', () => {
  it('shows every verification detail and the scope statement', async () => {
    const input = verifiedInput();
    const pdf = await renderCertificatePdf(input);
    const layoutText = await pdfText(pdf, { layout: true });
    const rawText = collapse(await pdfText(pdf));
    const c = input.certificate;
    const pairs: [string, string][] = [
      ['Provider name', 'José Peña'],
      ['NPI', c.provider.npi!],
      ['License number', c.provider.license_number!],
      ['State', 'Washington'],
      ['Profession', 'Physician'],
      ['License type', 'Physician and Surgeon License'],
      ['Verified', 'YES'],
      ['License status', 'Active'],
      ['Expiry date', '2027-06-30'],
      ['Disciplinary flags', 'None reported'],
      ['OIG exclusion', 'Not excluded'],
      ['Match confidence', '0.99 (99%)'],
      ['Match basis', 'npi, npi_license_link'],
      ['Issued at', '2026-03-14 15:09:26 UTC'],
      ['Verification ID', c.verification_id],
      ['Certificate hash', c.certificate_hash],
      ['Signature key ID', c.signing_key_id],
    ];
    for (const [label, value] of pairs) {
      expect(layoutText, label).toMatch(new RegExp(`^${label}\\s+${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`, 'm'));
    }
    expect(layoutText).toMatch(/^Washington State Department of Health\s+Live\s+2026-03-14 15:09 UTC\s*$/m);
    expect(layoutText).toMatch(/^NPPES NPI Registry\s+Cached\s+2026-03-02 08:11 UTC \(12 days\s*$/m);
    expect(layoutText).toMatch(/^OIG LEIE\s+Cached\s+2026-03-14 06:00 UTC\s*$/m);
    expect(rawText).toContain('VERIFIED: YES');
    expect(layoutText).toMatch(/^\s*VERIFIED: YES\s+Match confidence 0\.99 \(99%\)\s*$/m);
    expect(rawText, 'times are printed without milliseconds').not.toMatch(/\d\d:\d\d:\d\d\.\d{3}/);
    expect(rawText).toContain('This certificate records the license status reported by the named sources at the time shown');
    expect(rawText).toContain(
      "It does not verify the holder's identity documents, education, malpractice history beyond board records, or the license after the issue time.",
    );
    expect(rawText).toContain(collapse(coverageStatement.verified));
    expect(rawText.replace(/\s/g, '')).toContain(recordUrl);
    expect(rawText).toContain('License Verification API');
    expect(rawText).toContain('Primary-source verification certificate');
    expect(rawText).not.toContain(testMark);
  });

  it('states a negative outcome clearly', async () => {
    const negative = testModeInput();
    const text = await pdfText(await renderCertificatePdf({ ...negative, certificate: { ...negative.certificate, mode: 'live' } }), { layout: true });
    expect(text).toContain('VERIFIED: NO');
    expect(text).toMatch(/^Verified\s+NO\s*$/m);
    expect(text).toMatch(/^License status\s+Suspended\s*$/m);
    expect(text).toMatch(/^Disciplinary flags\s+YES — the board reports disciplinary action\s*$/m);
    expect(text).toMatch(/^OIG exclusion\s+EXCLUDED — listed on the OIG LEIE\s*$/m);
    expect(text).toMatch(/^Match confidence\s+0\.70 \(70%\)\s*$/m);
    expect(text).toMatch(/^\s*VERIFIED: NO\s+Match confidence 0\.70 \(70%\)\s*$/m);
  });

  it('prints the sanctions screen when it holds lists beyond the OIG list, which has its own row', async () => {
    const input = verifiedInput();
    const oigOnly = await pdfText(await renderCertificatePdf(input), { layout: true });
    expect(oigOnly).not.toContain('Sanctions screen');
    const lists = [
      ...(input.certificate.sanctions?.lists ?? []),
      { list: 'sam_exclusions', name: 'SAM.gov exclusions', status: 'cached' as const, as_of: '2026-03-14T05:00:00.000Z' },
    ];
    const clean = await pdfText(
      await renderCertificatePdf({ ...input, certificate: { ...input.certificate, sanctions: { sanctioned: false, lists, matches: [] } } }),
      {
        layout: true,
      },
    );
    expect(clean).toMatch(/^Sanctions screen\s+No match on 2 lists screened\s*$/m);
    const match = { list: 'sam_exclusions', name: 'JOSE PENA', action: 'Reciprocal exclusion (HHS)', start_date: '2024-01-02', end_date: null };
    const matched = await pdfText(
      await renderCertificatePdf({
        ...input,
        certificate: {
          ...input.certificate,
          sanctions: {
            sanctioned: true,
            lists,
            matches: [
              { ...match, basis: 'name_only' },
              { ...match, basis: 'name_only' },
            ],
          },
        },
      }),
      { layout: true },
    );
    expect(matched).toMatch(/Sanctions screen\s+MATCH — Reciprocal exclusion \(HHS\), by name only, to be reviewed; 1 more/);

    // A row that names nobody says which NPI it was found by.
    const deactivated = {
      list: 'nppes_deactivated',
      basis: 'npi' as const,
      name: 'NPI 1234567893',
      action: 'NPI deactivated (CMS NPPES)',
      start_date: '2026-10-06',
      end_date: null,
    };
    const byNpi = await pdfText(
      await renderCertificatePdf({ ...input, certificate: { ...input.certificate, sanctions: { sanctioned: true, lists, matches: [deactivated] } } }),
      { layout: true },
    );
    expect(byNpi).toMatch(/^Sanctions screen\s+MATCH — NPI deactivated \(CMS NPPES\), by NPI 1234567893\s*$/m);
  });

  it('prints professions as labels', async () => {
    const input = verifiedInput();
    const nurse = { ...input, certificate: { ...input.certificate, provider: { ...input.certificate.provider, profession: 'registered_nurse' as const } } };
    const text = await pdfText(await renderCertificatePdf(nurse), { layout: true });
    expect(text).toMatch(/^Profession\s+Registered nurse\s*$/m);
    expect(text).not.toContain('registered_nurse');
  });

  it('draws the shield mark on a verified certificate only', async () => {
    const roles = (layout: CertificatePdfLayout): string[] => layout.items.flatMap((item) => (item.kind === 'path' ? [item.role] : []));
    expect(roles(await certificatePdfLayout(verifiedInput()))).toEqual(['mark', 'mark-check', 'qr']);
    const negative = testModeInput();
    expect(roles(await certificatePdfLayout({ ...negative, certificate: { ...negative.certificate, mode: 'live' } }))).toEqual(['qr']);
    // The drawn page too: the shield's outline ("M20 0L40 7…" as PDF path operators) is in the verified
    // page's content stream only.
    const content = async (pdf: Uint8Array): Promise<string> => {
      const doc = await PDFDocument.load(pdf, { updateMetadata: false });
      const contents = doc.getPage(0).node.Contents();
      const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
      return streams.map((stream) => Buffer.from(decodePDFRawStream(stream as PDFRawStream).decode()).toString('latin1')).join('\n');
    };
    const shieldOutline = '20 0 m\n40 7 l\n40 21 l';
    expect(await content(await renderCertificatePdf(verifiedInput()))).toContain(shieldOutline);
    expect(await content(await renderCertificatePdf({ ...negative, certificate: { ...negative.certificate, mode: 'live' } }))).not.toContain(shieldOutline);
  });

  it('shows a board answer taken from the cache weeks before issue as cached, with its date and age', async () => {
    const input = verifiedInput();
    const stale = {
      ...input,
      certificate: {
        ...input.certificate,
        sources: [
          { name: 'Washington State Department of Health', status: 'cached' as const, as_of: '2026-02-12T09:30:00.000Z' },
          ...input.certificate.sources!.slice(1),
        ],
      },
    };
    const pdf = await renderCertificatePdf(stale);
    const text = await pdfText(pdf, { layout: true });
    expect(text).toMatch(/^Washington State Department of Health\s+Cached\s+2026-02-12 09:30 UTC \(30 days\s*$/m);
    expect(text).not.toMatch(/^Washington State Department of Health\s+Live/m);
    expect(collapse(await pdfText(pdf))).toContain(
      "The licensing board's answer was cached, as of 2026-02-12 09:30 UTC (30 days before issue), not fetched at issue.",
    );
    const live = collapse(await pdfText(await renderCertificatePdf(input)));
    expect(live).not.toContain("The licensing board's answer was cached");
  });

  it("prints the signed facts, not the stored result's", async () => {
    const input = verifiedInput();
    const unsigned = {
      ...input,
      details: {
        profession: 'registered_nurse',
        licenseType: 'Registered Nurse License',
        matchConfidence: 0.6,
        matchBasis: ['first_name_typo'],
        sources: [{ name: 'Washington State Department of Health', status: 'live' as const, as_of: input.certificate.issued_at }],
      },
    };
    const text = await pdfText(await renderCertificatePdf(unsigned), { layout: true });
    expect(text).toMatch(/^Profession\s+Physician\s*$/m);
    expect(text).toMatch(/^License type\s+Physician and Surgeon License\s*$/m);
    expect(text).toMatch(/^Match confidence\s+0\.99 \(99%\)\s*$/m);
    expect(text).toMatch(/^NPPES NPI Registry\s+Cached/m);
    expect(text).not.toContain('registered_nurse');
    expect(text).not.toContain('first_name_typo');
  });

  it('renders a certificate issued before the body carried these facts, from the stored result', async () => {
    const input = { ...verifiedInput(), certificate: olderCertificate };
    const text = await pdfText(await renderCertificatePdf(input), { layout: true });
    expect(text).toMatch(/^Provider name\s+Helen Jane Thomas\s*$/m);
    expect(text).toMatch(/^Profession\s+Physician\s*$/m);
    expect(text).toMatch(/^Match basis\s+npi, npi_license_link\s*$/m);
    expect(text).toMatch(/^NPPES NPI Registry\s+Cached\s+2026-03-02 08:11 UTC/m);
    const bare = { ...input, details: { profession: null, licenseType: null, matchConfidence: null, matchBasis: [], sources: [] } };
    const bareText = await pdfText(await renderCertificatePdf(bare), { layout: true });
    expect(bareText).toMatch(/^Washington State Department of Health\s+Checked\s+Not recorded\s*$/m);
    expect(bareText).toMatch(/^Profession\s+Not classified\s*$/m);
  });

  it('marks test-mode certificates, and only those', async () => {
    const testText = await pdfText(await renderCertificatePdf(testModeInput()));
    expect(testText).toContain(testMark);
    expect(testText).toContain('Test (sandbox key)');
    const liveText = await pdfText(await renderCertificatePdf(verifiedInput()));
    expect(liveText).not.toContain('NOT A REAL VERIFICATION');
    expect(liveText).not.toContain('TEST');
  });

  it('prints names in any script the fonts cover exactly, replaces the rest and keeps the exact name in the metadata', async () => {
    const name = 'Иван Łukasz Nguyễn 王小明 Zoë 👩‍⚕️';
    const pdf = await renderCertificatePdf(withName(verifiedInput(), name));
    const text = await pdfText(pdf, { layout: true });
    expect(text).toMatch(/^Provider name\s+Иван Łukasz Nguyễn 王小明 Zoë \?[? ]*$/m);
    expect(collapse(text)).toContain('the exact text is in the document properties');
    const doc = await PDFDocument.load(pdf, { updateMetadata: false });
    expect(doc.getTitle()).toBe(`License verification certificate: ${name}`);
    expect(doc.getSubject()).toContain(`Provider: ${name};`);
  });

  it('renders accented Latin names exactly', async () => {
    const pdf = await renderCertificatePdf(withName(verifiedInput(), 'Zoë Ångström-Núñez'));
    const text = await pdfText(pdf, { layout: true });
    expect(text).toMatch(/^Provider name\s+Zoë Ångström-Núñez\s*$/m);
    expect(text).not.toContain('document properties');
  });

  it('gives identical bytes when rendered twice, with metadata fixed by the certificate', async () => {
    const first = await renderCertificatePdf(verifiedInput());
    const second = await renderCertificatePdf(verifiedInput());
    expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true);
    const doc = await PDFDocument.load(first, { updateMetadata: false });
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getCreationDate()?.toISOString()).toBe('2026-03-14T15:09:26.000Z');
    expect(doc.getModificationDate()?.toISOString()).toBe('2026-03-14T15:09:26.000Z');
    expect(doc.getProducer()).toBe(pdfProducer);
    expect(doc.getKeywords()).toContain(verifiedInput().certificate.certificate_hash);
    const text = Buffer.from(first).toString('latin1');
    expect(text).toMatch(/\/ID \[ <[0-9a-f]{32}> <[0-9a-f]{32}> \]/);
    expect(text).toContain('/SubFilter /ETSI.CAdES.detached');
    expect(text).toContain('/M (D:20260314150926Z)');
    expect(text).not.toContain('/ObjStm');
  });
});

describe('text fitting', () => {
  const charset = async (): Promise<Set<number>> => {
    const doc = await PDFDocument.create();
    return new Set((await doc.embedFont(StandardFonts.Helvetica)).getCharacterSet());
  };

  it('keeps WinAnsi text, composes combining accents and replaces what the font cannot show', async () => {
    const set = await charset();
    expect(fitToCharset('José Peña', set)).toEqual({ text: 'José Peña', exact: true });
    expect(fitToCharset('Jose\u0301', set)).toEqual({ text: 'José', exact: true });
    expect(fitToCharset('Ann\u00a0Lee\tJr.\n', set)).toEqual({ text: 'Ann Lee Jr. ', exact: true });
    expect(fitToCharset('Łukasz Ő Đorđe ı', set)).toEqual({ text: 'Lukasz O Dorde i', exact: false });
    expect(fitToCharset('Иван 王', set)).toEqual({ text: '???? ?', exact: false });
    expect(fitToCharset('Smith\u2011Jones', set)).toEqual({ text: 'Smith-Jones', exact: false });
  });

  it('wraps at spaces and splits long tokens, preferring separators', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const width = 120;
    const lines = wrapText('The quick brown fox jumps over the lazy dog again and again', font, 10, width);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(font.widthOfTextAtSize(line, 10)).toBeLessThanOrEqual(width);
    expect(lines.join(' ')).toBe('The quick brown fox jumps over the lazy dog again and again');

    const url = wrapText('https://api.example.com/v1/records/vrf_01JQ7ZK3M9T4X8V2B6N5C1D0EF', font, 10, width);
    for (const line of url) expect(font.widthOfTextAtSize(line, 10)).toBeLessThanOrEqual(width);
    expect(url.join('')).toBe('https://api.example.com/v1/records/vrf_01JQ7ZK3M9T4X8V2B6N5C1D0EF');
    expect(url[0]!.endsWith('/')).toBe(true);

    const clamped = wrapTextClamped('word '.repeat(200), font, 10, width, 2);
    expect(clamped.truncated).toBe(true);
    expect(clamped.lines).toHaveLength(2);
    expect(clamped.lines[1]!.endsWith('\u2026')).toBe(true);
    expect(font.widthOfTextAtSize(clamped.lines[1]!, 10)).toBeLessThanOrEqual(width);
    expect(wrapText('   ', font, 10, width)).toEqual(['']);
  });
});
