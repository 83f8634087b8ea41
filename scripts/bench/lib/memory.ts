import { readFileSync } from "node:fs";
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

/** Samples a process's RSS every `everyMs` until `stop()`, which returns the peak and the last sample. */
export function sampleRss(pid: number, everyMs = 20): { stop: () => { peakMb: number | null; lastMb: number | null; samples: number } } {
  let peak: number | null = null;
  let last: number | null = null;
  let samples = 0;
  const take = () => {
    const value = rssMb(pid);
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
