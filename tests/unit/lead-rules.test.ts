// Issue 21 §4: the lead rule book (shared/crm/lead-rules.ts), each rule and each message.
import { describe, expect, it } from "vitest";
import {
  amountProblem,
  BATCH_REQUIRED,
  COLLECTED_ABOVE_SALE,
  collectedAboveSale,
  isRealDate,
  keepWorkedPipeline,
  MAX_RUPEES,
  NEW_LEAD_PIPELINE,
  pipelineRuleBreak,
  settleLatestCall,
  settleStatus,
  statusOutsideStage,
  type PipelineFields,
} from "~/shared/crm/lead-rules";
import { LEAD_STAGES, STAGE_STATUSES } from "~/shared/crm/pipeline";

const pitched: PipelineFields = { leadStage: "Connected", leadStatus: "Pitched", batchName: null, saleAmount: 20000, collectedAmount: 5000 };

describe("the status belongs to the stage", () => {
  it("accepts every status in its own stage and names the status and stage otherwise", () => {
    for (const stage of LEAD_STAGES) for (const status of STAGE_STATUSES[stage]) {
      const batchName = status.startsWith("CW - ") ? "FF-2025-04" : null;
      expect(pipelineRuleBreak(NEW_LEAD_PIPELINE, { leadStage: stage, leadStatus: status, batchName })).toBeNull();
    }
    expect(pipelineRuleBreak(NEW_LEAD_PIPELINE, { leadStatus: "Pitched" })).toEqual({ field: "leadStatus", message: "Pitched is not a status of the New stage" });
    // A Closed Won status is named as the screens show it.
    expect(statusOutsideStage("CW - Full", "Incorrect")).toBe("Closed Won - Paid Full is not a status of the Incorrect stage");
  });

  it("is checked when the stage or status changes, not on an unrelated edit of a lead kept before the rule", () => {
    const legacy = { ...pitched, leadStage: "New" };
    expect(pipelineRuleBreak(legacy, { saleAmount: 30000 })).toBeNull();
    expect(pipelineRuleBreak(legacy, { leadStatus: "Pitched" })?.field).toBe("leadStatus");
  });

  it("a stage moved to without a status starts at its first status; a status that fits stays", () => {
    expect(settleStatus(pitched, { leadStage: "Not Connected" })).toEqual({ leadStage: "Not Connected", leadStatus: "Call Back" });
    expect(settleStatus(pitched, { leadStage: "Connected" })).toEqual({ leadStage: "Connected" });
    expect(settleStatus(pitched, { leadStage: "Incorrect", leadStatus: "Pitched" })).toEqual({ leadStage: "Incorrect", leadStatus: "Pitched" });
    expect(settleStatus(pitched, { notes: "x" } as never)).toEqual({ notes: "x" });
  });
});

describe("Closed Won needs a batch", () => {
  it("refuses a Closed Won status without a batch name, blank after trimming, with the spec's words", () => {
    expect(BATCH_REQUIRED).toBe("Batch ID is required to convert a lead to Closed Won");
    for (const batchName of [undefined, null, "", "   "]) {
      expect(pipelineRuleBreak(pitched, { leadStatus: "CW - Token", batchName })).toEqual({ field: "batchName", message: BATCH_REQUIRED });
    }
    expect(pipelineRuleBreak(pitched, { leadStatus: "CW - Free", batchName: "April Cohort" })).toBeNull();
  });

  it("keeps the batch of a paid lead: clearing it is refused, other edits pass", () => {
    const paid = { ...pitched, leadStatus: "CW - Full", batchName: "FF-2025-04" };
    expect(pipelineRuleBreak(paid, { batchName: null })?.message).toBe(BATCH_REQUIRED);
    expect(pipelineRuleBreak({ ...paid, batchName: null }, { saleAmount: 25000 })).toBeNull();
    expect(pipelineRuleBreak(paid, { leadStatus: "Closed Lost", batchName: null })).toBeNull();
  });
});

describe("collected ≤ sale", () => {
  it("refuses more collected than sold, a blank sale counting as nothing sold", () => {
    expect(COLLECTED_ABOVE_SALE).toBe("Collected amount cannot be more than the sale amount");
    expect(pipelineRuleBreak(pitched, { collectedAmount: 20001 })).toEqual({ field: "collectedAmount", message: COLLECTED_ABOVE_SALE });
    expect(pipelineRuleBreak(pitched, { saleAmount: 4999 })?.field).toBe("collectedAmount");
    expect(pipelineRuleBreak(pitched, { saleAmount: null })?.field).toBe("collectedAmount");
    expect(pipelineRuleBreak(pitched, { collectedAmount: 20000 })).toBeNull();
    expect(pipelineRuleBreak(NEW_LEAD_PIPELINE, { collectedAmount: 1 })?.field).toBe("collectedAmount");
    expect(collectedAboveSale({ saleAmount: null, collectedAmount: null })).toBe(false);
    expect(collectedAboveSale({ saleAmount: null, collectedAmount: 0 })).toBe(false);
  });

  it("reports the first rule broken: stage, then batch, then amounts", () => {
    expect(pipelineRuleBreak(NEW_LEAD_PIPELINE, { leadStatus: "CW - Full", collectedAmount: 5 })?.field).toBe("leadStatus");
    expect(pipelineRuleBreak(NEW_LEAD_PIPELINE, { leadStage: "Connected", leadStatus: "CW - Full", collectedAmount: 5 })?.field).toBe("batchName");
  });
});

describe("amounts", () => {
  it("are whole rupees, not negative, up to the limit, each with its message", () => {
    expect(amountProblem("Sale amount", 0)).toBeNull();
    expect(amountProblem("Sale amount", MAX_RUPEES)).toBeNull();
    expect(amountProblem("Sale amount", 10.5)).toBe("Sale amount must be a whole number of rupees");
    expect(amountProblem("Collected amount", -1)).toBe("Collected amount cannot be negative");
    expect(amountProblem("Sale amount", MAX_RUPEES + 1)).toBe("Sale amount is too large");
  });
});

describe("dates", () => {
  it("are days of the calendar written YYYY-MM-DD", () => {
    for (const day of ["2024-02-29", "2000-02-29", "2025-12-31", "2025-04-30"]) expect(isRealDate(day), day).toBe(true);
    for (const day of ["2025-02-29", "1900-02-29", "2025-04-31", "2025-13-01", "2025-00-10", "2025-01-00", "25-01-01", "2025-1-1", ""]) expect(isRealDate(day), day).toBe(false);
  });

  it("a call date from the form becomes the latest call when newer, and the older call's time goes", () => {
    const called = { latestCallDate: "2025-03-10", latestCallTime: "16:30" };
    expect(settleLatestCall(called, { callDate: "2025-03-12" })).toEqual({ callDate: "2025-03-12", latestCallDate: "2025-03-12", latestCallTime: null });
    expect(settleLatestCall(called, { callDate: "2025-03-09" })).toEqual({ callDate: "2025-03-09" });
    expect(settleLatestCall(called, { callDate: "2025-03-10" })).toEqual({ callDate: "2025-03-10" });
    expect(settleLatestCall({ latestCallDate: null, latestCallTime: null }, { callDate: "2025-03-09" })).toEqual({ callDate: "2025-03-09", latestCallDate: "2025-03-09" });
    // An import's own latest call wins over its call date.
    expect(settleLatestCall(called, { callDate: "2025-03-12", latestCallDate: "2025-03-11" })).toEqual({ callDate: "2025-03-12", latestCallDate: "2025-03-11" });
  });
});

describe("a sheet row at the defaults", () => {
  it("leaves a worked lead's pipeline where it is, and a new or untouched lead takes it", () => {
    expect(keepWorkedPipeline(pitched, { leadStage: "New", leadStatus: "New", saleAmount: 1 })).toEqual({ saleAmount: 1 });
    expect(keepWorkedPipeline(pitched, { leadStatus: "New", leadStage: "Connected" })).toEqual({ leadStage: "Connected" });
    expect(keepWorkedPipeline(null, { leadStage: "New", leadStatus: "New" })).toEqual({ leadStage: "New", leadStatus: "New" });
    expect(keepWorkedPipeline(NEW_LEAD_PIPELINE, { leadStatus: "New" })).toEqual({ leadStatus: "New" });
    expect(keepWorkedPipeline(pitched, { leadStatus: "Interview" })).toEqual({ leadStatus: "Interview" });
  });
});
