/**
 * Names of miniatures and of the numbers Bagless asks for, in the players'
 * words, through the message catalogue.
 */
import { t } from '$lib/i18n/index.svelte';
import type { AllyKind, HqView, MiniatureView } from '$lib/ipc';
import { roman } from '$games/bov/board/words';

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

/**
 * What a number asked for means, from the `value_needed` refusal's params
 * (`what` and its parts; the `key` is an id for the core only):
 * "★ contract 2 needs", "Ally 1 in the hospital (level II)".
 */
export function valueLabel(asked: Readonly<Record<string, string>>, view: HqView): string {
  switch (asked.what) {
    case 'contract_stars':
      return t('hq.value.contract_stars', { number: asked.contract });
    case 'contract_level':
      return t('hq.value.contract_level', { number: asked.contract });
    case 'blueprint_cost': {
      const card = view.blueprint?.id === asked.card ? view.blueprint.name : asked.card;
      return t('hq.value.blueprint_cost', { card });
    }
    case 'brown': {
      const m = view.miniatures.find((x) => x.id === asked.miniature);
      const who = m ? miniatureName(m, view.ally) : asked.miniature;
      const building = t(`hq.building.${asked.building as 'hospital' | 'workshop' | 'shop' | 'command_room'}`);
      return asked.level !== undefined
        ? t('hq.value.brown_level', { who, building, level: roman(Number(asked.level)) })
        : t('hq.value.brown', { who, building });
    }
    case 'ezio_works':
      return t('hq.value.ezio_works', {
        building: t(`hq.building.${asked.building as 'hospital' | 'workshop' | 'shop' | 'command_room'}`),
      });
    default:
      return asked.key ?? '';
  }
}
