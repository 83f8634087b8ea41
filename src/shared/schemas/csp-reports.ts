import { z } from "./zod";

/** A report's body is read whole before it is checked: a browser's report is a few hundred bytes. */
export const CSP_REPORT_MAX_BYTES = 16 * 1024;
/** The content types browsers send reports as: the Reporting API's (report-to) and the older report-uri's; JSON too. */
export const CSP_REPORT_CONTENT_TYPES = ["application/reports+json", "application/csp-report", "application/json"] as const;

const text = z.string().max(CSP_REPORT_MAX_BYTES).nullable().optional();
const count = z.number().nullable().optional();

/** The Reporting API's `csp-violation` body (CSPViolationReportBody); other report types' bodies are ignored. */
const violationBody = z.object({
  documentURL: text,
  referrer: text,
  blockedURL: text,
  effectiveDirective: text,
  originalPolicy: text,
  sourceFile: text,
  sample: text,
  disposition: text,
  statusCode: count,
  lineNumber: count,
  columnNumber: count,
});

/** `Content-Type: application/reports+json` (report-to): a batch of reports of any type; only `csp-violation` ones are kept. */
export const reportingApiBodySchema = z
  .array(
    z.object({
      type: z.string().max(100),
      age: count,
      url: text,
      user_agent: text,
      body: violationBody.nullable().optional(),
    }),
  )
  .max(100, "At most 100 reports in one batch");

/** `Content-Type: application/csp-report` (report-uri, browsers without the Reporting API). */
export const legacyCspReportBodySchema = z.object({
  "csp-report": z.object({
    "document-uri": text,
    referrer: text,
    "violated-directive": text,
    "effective-directive": text,
    "original-policy": text,
    disposition: text,
    "blocked-uri": text,
    "line-number": count,
    "column-number": count,
    "source-file": text,
    "status-code": count,
    "script-sample": text,
  }),
});

export const cspReportBodySchema = z.union([reportingApiBodySchema, legacyCspReportBodySchema], {
  error: 'Send a CSP violation report: a Reporting API array of reports, or { "csp-report": { … } }',
});
export type CspReportBody = z.infer<typeof cspReportBodySchema>;

/** One recorded violation, as staff see it. */
export const cspViolationSchema = z.object({
  id: z.string(),
  receivedAt: z.string(),
  documentUrl: z.string(),
  directive: z.string(),
  blockedUrl: z.string().nullable(),
  sourceFile: z.string().nullable(),
  lineNumber: z.number().nullable(),
  columnNumber: z.number().nullable(),
  disposition: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type CspViolation = z.infer<typeof cspViolationSchema>;

export const cspViolationsQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(100),
});

export const cspViolationsPageSchema = z.object({ items: z.array(cspViolationSchema), nextCursor: z.string().nullable() });
