import path from "node:path";
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { XlsxUnreadable, xlsxRows, type XlsxLimits } from "~/server/platform/xlsx-rows";

const MAIN = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';

/** A workbook as Excel lays one out: parts by name, the first sheet where its relationship says. */
function workbook(sheetXml: string, options: { shared?: string[]; styles?: string; workbookPr?: string; sheetPath?: string; prefix?: string } = {}): Buffer {
  const sheetPath = options.sheetPath ?? "worksheets/sheet1.xml";
  const p = options.prefix ?? "";
  const files: Record<string, string> = {
    "[Content_Types].xml": '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    "xl/workbook.xml": `<?xml version="1.0"?><workbook ${MAIN}>${options.workbookPr ?? ""}<sheets><sheet name="Leads" sheetId="1" r:id="rId7"/></sheets></workbook>`,
    "xl/_rels/workbook.xml.rels": `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="styles" Target="styles.xml"/><Relationship Id="rId7" Type="worksheet" Target="${sheetPath}"/></Relationships>`,
    [path.posix.normalize(`xl/${sheetPath}`)]: `<?xml version="1.0"?><${p}worksheet ${MAIN.replace('xmlns="', p ? `xmlns:${p.slice(0, -1)}="` : 'xmlns="')}><${p}sheetData>${sheetXml}</${p}sheetData></${p}worksheet>`,
  };
  if (options.shared) files["xl/sharedStrings.xml"] = `<?xml version="1.0"?><sst ${MAIN} count="${options.shared.length}">${options.shared.join("")}</sst>`;
  if (options.styles) files["xl/styles.xml"] = `<?xml version="1.0"?><styleSheet ${MAIN}>${options.styles}</styleSheet>`;
  return Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)]))));
}

const LIMITS: XlsxLimits = { maxInflatedBytes: 64 * 1024 * 1024, maxColumns: 200, tooWide: (row, width) => new Error(`row ${row} has ${width} columns`) };

async function rows(file: Buffer, limits: XlsxLimits = LIMITS): Promise<string[][]> {
  const all: string[][] = [];
  for await (const row of xlsxRows(file, limits)) all.push(row);
  return all;
}

describe("xlsxRows", () => {
  it("reads shared strings (rich text runs joined, phonetic guides left out) and inline strings, with XML's and OOXML's escapes", async () => {
    const shared = ["<si><t>Full Name</t></si>", '<si><r><rPr><b/></rPr><t>Riya </t></r><r><t xml:space="preserve">&quot;RJ&quot; Sharma</t></r><rPh sb="0" eb="1"><t>リヤ</t></rPh></si>', "<si><t>Line one_x000D_&#10;Line two &amp; more</t></si>"];
    const sheet =
      '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="inlineStr"><is><t>Notes</t></is></c></row>' +
      '<row r="2"><c r="A2" t="s"><v>1</v></c><c r="B2" t="s"><v>2</v></c></row>';
    expect(await rows(workbook(sheet, { shared }))).toEqual([
      ["Full Name", "Notes"],
      ['Riya "RJ" Sharma', "Line one\r\nLine two & more"],
    ]);
  });

  it("writes numbers as typed, booleans as Yes / No, a formula's text and an error as shown", async () => {
    const sheet =
      '<row r="1"><c r="A1" t="inlineStr"><is><t>Mobile</t></is></c><c r="B1" t="inlineStr"><is><t>Amount</t></is></c><c r="C1" t="inlineStr"><is><t>Brochure</t></is></c><c r="D1" t="inlineStr"><is><t>Formula</t></is></c><c r="E1" t="inlineStr"><is><t>Error</t></is></c></row>' +
      '<row r="2"><c r="A2"><v>9876543210</v></c><c r="B2" t="n"><v>14999.5</v></c><c r="C2" t="b"><v>1</v></c><c r="D2" t="str"><f>A2&amp;""</f><v>9876543210</v></c><c r="E2" t="e"><v>#N/A</v></c></row>' +
      '<row r="3"><c r="A3"><v>1E+3</v></c><c r="C3" t="b"><v>0</v></c></row>';
    expect(await rows(workbook(sheet))).toEqual([
      ["Mobile", "Amount", "Brochure", "Formula", "Error"],
      ["9876543210", "14999.5", "Yes", "9876543210", "#N/A"],
      ["1000", "", "No", "", ""],
    ]);
  });

  it("shows dates and times as the CSV of the sheet would: built-in and custom formats, the 1904 system, ISO date cells", async () => {
    const styles =
      '<numFmts count="3"><numFmt numFmtId="164" formatCode="dd/mm/yyyy"/><numFmt numFmtId="165" formatCode="h:mm AM/PM"/><numFmt numFmtId="166" formatCode="#,##0 &quot;days&quot;;[Red]-#,##0"/></numFmts>' +
      '<cellXfs count="6"><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="164"/><xf numFmtId="165"/><xf numFmtId="22"/><xf numFmtId="166"/></cellXfs>';
    const sheet =
      '<row r="1"><c r="A1" t="inlineStr"><is><t>Created Date</t></is></c><c r="B1" t="inlineStr"><is><t>Other</t></is></c><c r="C1" t="inlineStr"><is><t>Time</t></is></c><c r="D1" t="inlineStr"><is><t>Both</t></is></c><c r="E1" t="inlineStr"><is><t>Days</t></is></c><c r="F1" t="inlineStr"><is><t>ISO</t></is></c></row>' +
      '<row r="2"><c r="A2" s="1"><v>45413</v></c><c r="B2" s="2"><v>45414</v></c><c r="C2" s="3"><v>0.5208333333333334</v></c><c r="D2" s="4"><v>45413.6875</v></c><c r="E2" s="5"><v>12</v></c><c r="F2" t="d"><v>2024-05-01T16:30:00</v></c></row>';
    expect(await rows(workbook(sheet, { styles }))).toEqual([
      ["Created Date", "Other", "Time", "Both", "Days", "ISO"],
      ["2024-05-01", "2024-05-02", "12:30", "2024-05-01 16:30", "12", "2024-05-01 16:30"],
    ]);
    const in1904 = '<row r="1"><c r="A1" t="inlineStr"><is><t>Created Date</t></is></c></row><row r="2"><c r="A2" s="1"><v>43951</v></c></row>';
    expect(await rows(workbook(in1904, { styles, workbookPr: '<workbookPr date1904="1"/>' }))).toEqual([["Created Date"], ["2024-05-01"]]);
  });

  it("places cells by their reference, pads rows to the header's width, skips blank rows and reads prefixed elements", async () => {
    const sheet =
      '<x:row r="1"><x:c r="A1" t="inlineStr"><x:is><x:t>Email</x:t></x:is></x:c><x:c r="B1" t="inlineStr"><x:is><x:t>Name</x:t></x:is></x:c><x:c r="C1" t="inlineStr"><x:is><x:t>City</x:t></x:is></x:c></x:row>' +
      '<x:row r="2"><x:c r="C2" t="inlineStr"><x:is><x:t>Pune</x:t></x:is></x:c></x:row>' +
      '<x:row r="3"/><x:row r="4"><x:c r="A4" t="inlineStr"><x:is><x:t> </x:t></x:is></x:c></x:row>' +
      '<x:row r="5"><x:c r="A5" t="inlineStr"><x:is><x:t>a@example.com</x:t></x:is></x:c></x:row>';
    expect(await rows(workbook(sheet, { prefix: "x:", sheetPath: "../xl/worksheets/leads.xml" }))).toEqual([
      ["Email", "Name", "City"],
      ["", "", "Pune"],
      ["a@example.com", "", ""],
    ]);
  });

  it("reads a sheet far larger than one inflated chunk, row by row", async () => {
    const many = 20_000;
    let sheet = '<row r="1"><c r="A1" t="inlineStr"><is><t>Email</t></is></c><c r="B1" t="inlineStr"><is><t>Name</t></is></c></row>';
    for (let r = 2; r <= many + 1; r++) sheet += `<row r="${r}"><c r="A${r}" t="inlineStr"><is><t>p${r}@example.com</t></is></c><c r="B${r}" t="inlineStr"><is><t>Person ${r}</t></is></c></row>`;
    const all = await rows(workbook(sheet));
    expect(all).toHaveLength(many + 1);
    expect(all[many]).toEqual([`p${many + 1}@example.com`, `Person ${many + 1}`]);
  });

  it("refuses a file that is not a workbook, a ZIP that expands past the budget and a row wider than the limit", async () => {
    await expect(rows(Buffer.from("Email,Name\na@example.com,A\n"))).rejects.toThrow(XlsxUnreadable);
    const bomb = workbook(`<row r="1"><c r="A1" t="inlineStr"><is><t>${"x".repeat(2_000_000)}</t></is></c></row>`);
    expect(bomb.length).toBeLessThan(100_000);
    await expect(rows(bomb, { ...LIMITS, maxInflatedBytes: 1_000_000 })).rejects.toThrow(/expands to more data than an import reads/);
    const wide = `<row r="1">${Array.from({ length: 5 }, (_, c) => `<c r="${String.fromCharCode(65 + c)}1" t="inlineStr"><is><t>H${c}</t></is></c>`).join("")}</row>`;
    await expect(rows(workbook(wide), { ...LIMITS, maxColumns: 4 })).rejects.toThrow("row 1 has 5 columns");
  });

  it("refuses a ZIP of more than 10,000 parts, saying so", async () => {
    const parts = Object.fromEntries(Array.from({ length: 10_001 }, (_, i) => [`p/${i}.xml`, strToU8("<x/>")]));
    await expect(rows(Buffer.from(zipSync(parts)))).rejects.toThrow("it has more than 10,000 parts; a workbook of one sheet has about ten");
  });
});
