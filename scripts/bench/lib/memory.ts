import { readdirSync, readFileSync } from "node:fs";
import { round } from "./report";

/** Resident memory of a process in MB, from /proc (Linux); null elsewhere or once it has exited. */
export function rssMb(pid: number): number | null {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? round(Number(match[1]) / 1024, 1) : null;
  } catch {
    return null;
  }
}

/** The process and its descendants (a cluster's primary and its workers), from /proc (Linux). */
export function processTree(pid: number): number[] {
  const pids = [pid];
  for (let i = 0; i < pids.length; i++) {
    for (const task of safeList(`/proc/${pids[i]}/task`)) {
      try {
        pids.push(...readFileSync(`/proc/${pids[i]}/task/${task}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number));
      } catch {
        // The task ended meanwhile.
      }
    }
  }
  return pids;
}

function safeList(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/** Resident memory of a process and all its descendants, in MB; null once the process has exited. */
export function treeRssMb(pid: number): number | null {
  if (rssMb(pid) === null) return null;
  return round(processTree(pid).reduce((sum, p) => sum + (rssMb(p) ?? 0), 0), 1);
}

/** Samples a process's RSS every `everyMs` until `stop()`, which returns the peak and the last sample. */
export function sampleRss(pid: number, everyMs = 20, read: (pid: number) => number | null = rssMb): { stop: () => { peakMb: number | null; lastMb: number | null; samples: number } } {
  let peak: number | null = null;
  let last: number | null = null;
  let samples = 0;
  const take = () => {
    const value = read(pid);
    if (value === null) return;
    samples++;
    last = value;
    peak = peak === null ? value : Math.max(peak, value);
  };
  take();
  const timer = setInterval(take, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      take();
      return { peakMb: peak, lastMb: last, samples };
    },
  };
}
