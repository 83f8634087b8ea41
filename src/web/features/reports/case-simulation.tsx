import { caseScenes } from "~/shared/report-scenes";
import type { ReportDetail } from "~/shared/schemas/simulation-reports";

/** The Case Simulation tab: company background, then each scene with the candidate's answer. */
export function CaseSimulation({ report }: { report: Pick<ReportDetail, "caseStudyDetails" | "candidateResponses"> }) {
  if (!report.caseStudyDetails) {
    return (
      <div className="grid gap-2 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
        <h3 className="text-lg font-semibold text-slate-900">Case Study Data Not Available</h3>
        <p className="text-sm text-slate-600">The detailed case study information is not available for this simulation report.</p>
      </div>
    );
  }
  const scenes = caseScenes(report);
  return (
    <div className="grid gap-4">
      <section className="grid gap-2 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h3 className="text-lg font-semibold text-slate-900">1. Company Background</h3>
        <p className="text-sm whitespace-pre-line text-slate-700">{report.caseStudyDetails.companyBackground}</p>
      </section>
      {scenes.map((scene) => (
        <section key={scene.sceneNumber} className="grid gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <h3 className="text-lg font-semibold text-slate-900">{scene.heading}</h3>
          {scene.sceneText && <p className="text-sm whitespace-pre-line text-slate-700">{scene.sceneText}</p>}
          {scene.context && (
            <div className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
              <p className="font-medium text-slate-800">Additional context</p>
              <p className="whitespace-pre-line">{scene.context}</p>
            </div>
          )}
          {scene.question && <p className="text-sm font-semibold text-slate-900">{scene.question}</p>}
          <div className="rounded-lg border-l-4 border-brand-600 bg-brand-50 p-3 text-sm">
            <p className="font-medium text-brand-900">Your response</p>
            <p className="whitespace-pre-line text-slate-800">{scene.response || "No response recorded."}</p>
          </div>
        </section>
      ))}
    </div>
  );
}
