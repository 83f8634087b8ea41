import { MAX_SCENES } from "./schemas/simulation-reports";

export interface CaseScene {
  sceneNumber: number;
  heading: string;
  sceneText: string;
  /** The scene's additional context, only when it says something the scene text does not. */
  context: string;
  question: string;
  response: string;
}

interface ReportCase {
  caseStudyDetails: { scenes: { sceneNumber: number; title: string; sceneText: string; content: string; question: string }[] } | null;
  candidateResponses: Record<string, string>;
}

/**
 * The scenes the Case Simulation tab shows (visitor-side §2): at most ten, each with the
 * candidate's answer to the matching Q1…Q10, and only those with any content or an answer.
 */
export function caseScenes(report: ReportCase): CaseScene[] {
  const scenes = report.caseStudyDetails?.scenes ?? [];
  return scenes
    .slice(0, MAX_SCENES)
    .map((scene) => {
      const sceneText = scene.sceneText.trim();
      const content = scene.content.trim();
      return {
        sceneNumber: scene.sceneNumber,
        heading: `Scene ${scene.sceneNumber}${scene.title.trim() ? `: ${scene.title.trim()}` : ""}`,
        sceneText,
        context: content && content !== sceneText ? content : "",
        question: scene.question.trim(),
        response: (report.candidateResponses[`Q${scene.sceneNumber}`] ?? "").trim(),
      };
    })
    .filter((scene) => scene.sceneText || scene.context || scene.question || scene.response);
}
