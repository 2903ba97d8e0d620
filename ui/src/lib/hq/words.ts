/**
 * Names of miniatures and of the numbers Bagless asks for, in the players'
 * words, through the message catalogue.
 */
import { t } from '$lib/i18n/index.svelte';
import type { AllyKind, HqView, MiniatureView } from '$lib/ipc';
import { roman } from '$lib/board/words';

export function miniatureName(m: Pick<MiniatureView, 'kind' | 'name' | 'number'>, ally: AllyKind | null): string {
  switch (m.kind) {
    case 'assassin':
      return m.name;
    case 'ezio':
      return t('hq.ezio');
    case 'apprentice':
      return t('hq.apprentice', { number: m.number });
    case 'ally':
      return ally === 'courtesans' ? t('hq.courtesan', { number: m.number }) : t('hq.mercenary', { number: m.number });
  }
}

/** What a value key means: "contract.2.stars" → "★ contract 2 needs". */
export function valueLabel(key: string, view: HqView): string {
  const parts = key.split('.');
  if (parts[0] === 'contract' && parts[2] === 'stars') return t('hq.value.contract_stars', { number: parts[1] });
  if (parts[0] === 'contract' && parts[2] === 'level') return t('hq.value.contract_level', { number: parts[1] });
  if (parts[0] === 'blueprint') {
    const card = view.blueprint?.id === parts[1] ? view.blueprint.name : parts[1];
    return t('hq.value.blueprint_cost', { card });
  }
  if (parts[0] === 'brown') {
    const m = view.miniatures.find((x) => x.id === parts[1]);
    const who = m ? miniatureName(m, view.ally) : parts[1];
    const building = t(`hq.building.${parts[2] as 'hospital' | 'workshop' | 'shop' | 'command_room'}`);
    return parts[3] !== undefined
      ? t('hq.value.brown_level', { who, building, level: roman(Number(parts[3])) })
      : t('hq.value.brown', { who, building });
  }
  return key;
}
