import { closeSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeSync } from "node:fs";
import path from "node:path";

export class DataDirLockedError extends Error {}

/**
 * PGlite is for one process: two processes writing one data directory corrupt it. An exclusive lock
 * file keeps a second process out. It names its holder by pid *and* by when that process started
 * (and which boot of the machine), because a pid is reused: after a crash or a reboot the pid in a
 * stale lock may belong to some other live process, which must not keep the server from starting.
 * A lock whose holder no longer runs is taken over.
 */
interface Holder {
  pid: number;
  /** Start time of the process in clock ticks after boot (/proc/<pid>/stat), where the system has /proc. */
  start?: string;
  boot?: string;
}

export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, "server.lock");
  const self: Holder = { pid: process.pid, start: processStart(process.pid), boot: bootId() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, "wx");
      writeSync(fd, JSON.stringify(self));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = readHolder(lockPath);
      if (holder && holder.pid !== process.pid && holdsLock(holder, lockPath)) {
        throw new DataDirLockedError(
          `The embedded database in ${dataDir} is in use by another process (pid ${holder.pid}). ` +
            "Stop that process first, or point DATA_DIR elsewhere, or set DATABASE_URL to use PostgreSQL.",
        );
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock ${dataDir}`);
}

/** The lock's holder; a lock written before start times were recorded holds just the pid. */
function readHolder(lockPath: string): Holder | null {
  let text: string;
  try {
    text = readFileSync(lockPath, "utf8").trim();
  } catch {
    return null;
  }
  if (/^\d+$/.test(text)) return { pid: Number(text) };
  try {
    const parsed = JSON.parse(text) as Partial<Holder>;
    return Number.isInteger(parsed.pid) && parsed.pid! > 0 ? (parsed as Holder) : null;
  } catch {
    return null;
  }
}

function holdsLock(holder: Holder, lockPath: string): boolean {
  if (!isAlive(holder.pid)) return false;
  const start = processStart(holder.pid);
  // Without /proc (macOS) the pid is all there is to go on.
  if (start === undefined) return true;
  if (holder.start !== undefined) return holder.start === start && (holder.boot === undefined || holder.boot === bootId());
  // An old lock with only a pid: its holder cannot have started after the lock was written.
  const startedAt = processStartedAt(start);
  return startedAt === undefined || startedAt <= statSync(lockPath).mtimeMs + 1_000;
}

/** Whether a process with this pid exists (EPERM: it does, but belongs to someone else). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readProc(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}

/** Field 22 of /proc/<pid>/stat (after the command name, which may itself hold spaces and parentheses). */
function processStart(pid: number): string | undefined {
  const stat = readProc(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return fields[19];
}

function bootId(): string | undefined {
  return readProc("/proc/sys/kernel/random/boot_id")?.trim();
}

/** Wall-clock start of a process from its tick count (Linux counts 100 ticks a second). */
function processStartedAt(start: string): number | undefined {
  const btime = /^btime (\d+)$/m.exec(readProc("/proc/stat") ?? "")?.[1];
  return btime ? Number(btime) * 1000 + (Number(start) / 100) * 1000 : undefined;
}
