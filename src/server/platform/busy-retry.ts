import { isDatabaseBusy } from "./errors";

/**
 * Runs `work` (one transaction) again when the database refused it as busy: a deadlock it lost to
 * another writer of the same rows, a lock wait or statement over its limit. Such a transaction was
 * rolled back whole, so running it again is safe. Any other error, or the last try's, is thrown.
 */
export async function retryWhenBusy<T>(work: () => Promise<T>, tries = 5, pauseMs = 200): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!isDatabaseBusy(error) || attempt >= tries) throw error;
      await new Promise((resolve) => setTimeout(resolve, pauseMs * attempt));
    }
  }
}
