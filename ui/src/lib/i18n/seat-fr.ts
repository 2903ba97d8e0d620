/** The players' phones, French: the same keys as ./seat-en.ts (see the typography note in ./fr.ts). */
import type { Catalogue } from './index.svelte';

export const phonesFr: Catalogue['phones'] = {
  heading: 'Les téléphones des joueurs',
  hint: 'Chaque joueur peut suivre sa place sur son téléphone, sur le même réseau que cet ordinateur, sans rien installer : ce que les autres ne doivent pas voir reste sur ce téléphone.',
  open: 'Ouvrir la table aux téléphones',
  close: 'Fermer la table',
  network: 'Réseau',
  network_option: '{name} ({address})',
  safety: 'Ne montrez le code d’une place qu’à son joueur, une place à la fois : le premier téléphone qui ouvre un lien garde sa place, et un autre téléphone est refusé jusqu’à ce que vous libériez la place ici. Fermer la table, la partie ou Bagless rend chaque lien inutile.',
  protects:
    'Ce que cela empêche : qu’un joueur scanne sur cet écran le code d’une autre place une fois que le téléphone de cette place la garde, qu’on devine un lien, et qu’on lise en écoutant simplement le réseau (ce que chaque téléphone envoie et reçoit est scellé par une clé qui ne voyage que dans son code, jamais sur le réseau). Ce que cela n’empêche pas : qui peut modifier le trafic de ce réseau (un faux point d’accès, par exemple) pourrait donner à un téléphone une page modifiée et lire sa place. Jouez sur votre propre réseau ou sur le point d’accès de cet ordinateur, pas sur un réseau public.',
  qr: 'QR code de la place de {name}',
  connected: 'Téléphone connecté',
  waiting: 'Pas encore de téléphone',
  held: 'Gardée par un téléphone',
  devices: '{count} appareils ont essayé ce lien',
  show_code: 'Montrer le code de {name}',
  hide_code: 'Cacher le code',
  show_link: 'Montrer le lien en texte',
  hide_link: 'Cacher le lien',
  free: 'Libérer cette place',
  renew: 'Nouveau lien',
  code_heading: 'Code de {name}',
  code_hint: 'Le code est pour {name} seulement. Il se cache dès que son téléphone garde la place.',
};

export const seatFr: Catalogue['seat'] = {
  title: 'Votre place',
  loading: 'Ouverture de votre place…',
  act_refused: 'L’ordinateur qui tient la partie ne l’a pas accepté.',
  reconnecting: 'Connexion perdue : nouvel essai…',
  refused: {
    heading: 'Ce lien n’ouvre aucune place',
    closed: 'La table a été fermée sur l’ordinateur qui tient la partie, ou ce lien n’est celui d’aucune place. Demandez-y un nouveau lien ou QR code.',
    slow_down: 'Trop d’essais à la fois : attendez un instant, puis rechargez la page.',
    taken: 'Un autre téléphone garde déjà cette place. Si c’est la vôtre, demandez à l’hôte de la libérer sur l’ordinateur qui tient la partie, puis rechargez la page.',
    no_device: 'Ce navigateur ne garde pas de cookies pour cette page : la place ne peut pas être gardée pour ce téléphone. Autorisez les cookies (ou quittez la navigation privée), puis rouvrez le lien.',
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
    hit_list: 'Votre liste noire',
    entry: 'Cible {target} : {bonus}',
    keep_heading: 'Votre carte Liste noire top secret',
    keep_hint: 'Saisissez votre carte ici pour la garder sur votre téléphone : les autres voient seulement qu’elle est gardée. Elle est retournée pour le décompte quand tombe la dernière cible.',
    keep: 'La garder sur mon téléphone',
    kept: 'Gardée sur votre téléphone : les autres voient seulement qu’elle est gardée, jusqu’au décompte.',
    correct: 'La corriger',
  },
};
