import { describe, expect, it } from "vitest";
import { parseSheetDate, readLeadRow, readSheetHeader } from "~/server/features/crm/csv-row";

describe("dates as the sales sheet writes them", () => {
  it("reads DD/MM/YYYY and YYYY-MM-DD, padding single digits", () => {
    expect(parseSheetDate("14/03/2025")).toBe("2025-03-14");
    expect(parseSheetDate("1/3/2025")).toBe("2025-03-01");
    expect(parseSheetDate("01.03.2025")).toBe("2025-03-01");
    expect(parseSheetDate("2025-03-14")).toBe("2025-03-14");
  });

  it("refuses days a month does not have, leap years included", () => {
    expect(parseSheetDate("29/02/2024")).toBe("2024-02-29");
    expect(parseSheetDate("29/02/2025")).toBeNull();
    expect(parseSheetDate("29/02/1900")).toBeNull();
    expect(parseSheetDate("29/02/2000")).toBe("2000-02-29");
    expect(parseSheetDate("31/04/2025")).toBeNull();
    expect(parseSheetDate("31/12/2025")).toBe("2025-12-31");
    expect(parseSheetDate("00/01/2025")).toBeNull();
    expect(parseSheetDate("2025-13-01")).toBeNull();
    expect(parseSheetDate("14/03/25")).toBeNull();
  });
});

describe("the sheet's header", () => {
  it("finds the export's columns wherever they are, and needs Email IDs and Mobile", () => {
    const header = readSheetHeader([" Mobile ", "Notes from 2019", "Email IDs", "Priority"]);
    expect(header?.at).toEqual({ Mobile: 0, "Email IDs": 2, Priority: 3 });
    expect(readSheetHeader(["Email IDs", "Phone"])).toBeNull();
  });
});

describe("cells the database cannot store", () => {
  const header = readSheetHeader(["Email IDs", "Mobile", "Txn Reference", "Txn Reference1"])!;

  it("are found in the cell that has them, even when two halves of a pair sit in neighbouring cells", () => {
    const { errors } = readLeadRow(["a@example.com", "", "abc\ud83d", "\ude00def"], header, new Map());
    expect(errors.map((e) => e.field)).toEqual(["Txn Reference", "Txn Reference1"]);
    expect(readLeadRow(["a@example.com", "", "nul\u0000", ""], header, new Map()).errors.map((e) => e.field)).toEqual(["Txn Reference"]);
  });

  it("leave a row with whole pairs alone", () => {
    expect(readLeadRow(["a@example.com", "", "ok \ud83d\ude00", ""], header, new Map()).errors).toEqual([]);
  });
});
