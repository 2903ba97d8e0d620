/**
 * The attempt a memory played hands to the diary: the memory screen's
 * "Record in the diary" keeps its draft here and opens the diary, whose
 * attempt form takes it once, for that campaign and memory only.
 */
import type { AttemptDraft } from '$lib/ipc/types/memory/AttemptDraft';

let kept = $state<AttemptDraft | null>(null);

export const memoryDraft = {
  /** Kept until the diary's form for its campaign and memory takes it. */
  keep(draft: AttemptDraft): void {
    kept = draft;
  },
  /** Whether a draft waits for this campaign's memory. */
  waits(campaignId: string, memory: string | null | undefined): boolean {
    return kept !== null && kept.campaign_id === campaignId && kept.memory === memory;
  },
  /** The draft for this campaign's memory, given once (then forgotten); null if none. */
  take(campaignId: string, memory: string | null | undefined): AttemptDraft | null {
    if (!memoryDraft.waits(campaignId, memory)) return null;
    const draft = kept;
    kept = null;
    return draft;
  },
  /** Forgets any draft. */
  clear(): void {
    kept = null;
  },
};
