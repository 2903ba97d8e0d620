/**
 * The diary's memories in the players' words and signs.
 */
import { t } from '$lib/i18n/index.svelte';
import type { MemoryRow } from '$lib/ipc';

/** The sign a memory's cell shows for its status. */
export const statusIcon: Record<MemoryRow['status'], string> = {
  not_played: '',
  failed_once: '✗',
  success: '✓',
  synchronized: '≈',
  declined: '–',
};

/** What a memory's synchronization sticker says: its colour, and the campaign it came from. */
export function syncTitle(m: MemoryRow): string {
  if (!m.sync) return t('diary.sync_missing');
  const base = m.sync.colour === 'red' ? t('diary.sync_red') : t('diary.sync_grey');
  return m.sync.from_campaign ? `${base} ${t('diary.sync_inherited', { name: m.sync.from_campaign })}` : base;
}
