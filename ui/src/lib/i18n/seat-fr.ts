/** The players' phones, French: the same keys as ./seat-en.ts (see the typography note in ./fr.ts). */
import type { Catalogue } from './index.svelte';

export const phonesFr: Catalogue['phones'] = {
  heading: 'Les téléphones des joueurs',
  hint: 'Chaque joueur peut suivre sa place sur son téléphone, sur le même réseau que cet ordinateur, sans rien installer : ce que les autres ne doivent pas voir reste sur ce téléphone.',
  open: 'Ouvrir la table aux téléphones',
  close: 'Fermer la table',
  safety: 'Ne montrez chaque QR code qu’à son joueur : quiconque sur ce réseau a le lien d’une place voit cette place. Fermer la table, la partie ou Bagless rend chaque lien inutile.',
  qr: 'QR code de la place de {name}',
  connected: 'Téléphone connecté',
  waiting: 'Pas encore de téléphone',
};

export const seatFr: Catalogue['seat'] = {
  title: 'Votre place',
  loading: 'Ouverture de votre place…',
  act_refused: 'L’ordinateur qui tient la partie ne l’a pas accepté.',
  refused: {
    heading: 'Ce lien n’ouvre aucune place',
    closed: 'La table a été fermée sur l’ordinateur qui tient la partie, ou ce lien n’est celui d’aucune place. Demandez-y un nouveau lien ou QR code.',
    slow_down: 'Trop d’essais à la fois : attendez un instant, puis rechargez la page.',
    unreachable: 'L’ordinateur qui tient la partie est injoignable. Vérifiez que ce téléphone est sur le même réseau, puis rechargez la page.',
  },
  risk: {
    on_turn: 'À vous de jouer.',
    met: 'Mission accomplie',
    not_met: 'Mission pas encore accomplie',
    claimable: 'Vous pouvez la réclamer maintenant.',
    claim: 'Réclamer {fragment}',
    kept: 'Retournées et conservées pour un combat :',
    reinforcements: 'Vos nouveaux Assassins',
  },
  bov: {
    equipment: 'Équipement',
    slot_line: '{slot} : {card}',
  },
  memory: {
    reinforcement: 'Carte Renfort {card} tirée',
  },
  nation: {
    attempt: 'Votre tentative ce tour',
    attempt_line: 'Cible {target}, {weapon}',
    choose: 'Votre tentative, face cachée',
    face_down: 'Face cachée : les autres voient seulement que vous avez joué, jusqu’à la révélation sur l’ordinateur qui tient la partie.',
    withdraw: 'La reprendre',
    pass: 'Je passe ce tour-ci',
    passed: 'Vous passez ce tour-ci : la révélation ne vous attend plus.',
    take_back_pass: 'Annuler mon passe',
    not_in_duel: 'Les joueurs à égalité se départagent : vous ne tentez rien.',
    hit_list: 'Votre liste noire',
    entry: 'Cible {target} : {bonus}',
    keep_heading: 'Votre carte Liste noire top secret',
    keep_hint: 'Saisissez votre carte ici pour la garder sur votre téléphone : les autres voient seulement qu’elle est gardée. Elle est retournée pour le décompte quand tombe la dernière cible.',
    keep: 'La garder sur mon téléphone',
    kept: 'Gardée sur votre téléphone : les autres voient seulement qu’elle est gardée, jusqu’au décompte.',
    correct: 'La corriger',
  },
};
