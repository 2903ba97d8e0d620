/** The players' phones, English: `phones.*` (the host's panel) and `seat.*` (a seat's page on a phone). */
export const phonesEn = {
  heading: 'The players’ phones',
  hint: 'Each player can follow their own seat on their phone, on the same network as this computer, with no install: what the others must not see stays on that phone.',
  open: 'Open the table to the phones',
  close: 'Close the table',
  network: 'Network',
  /** An interface of this computer, as the host chooses it: its name and address. */
  network_option: '{name} ({address})',
  safety: 'Show each seat’s code to its player only, one at a time: the first phone that opens a link holds its seat, and another phone is refused until you free the seat here. Closing the table, the game or Bagless makes every link open nothing.',
  /** What the phones' links protect against, and what not (issue 56). */
  protects:
    'What this protects against: a player scanning another seat’s code from this screen once that seat’s phone holds it, guesses at links, and anyone merely listening on the network (what each phone sends and is sent is sealed with a key that travels only in its code, never over the network). What it does not: someone able to change this network’s traffic (a rogue access point, for example) could give a phone a changed page and read its seat. Play on your own home network or this computer’s hotspot, not a public one.',
  qr: 'QR code of {name}’s seat',
  connected: 'Phone connected',
  waiting: 'No phone yet',
  held: 'Held by a phone',
  /** How many devices opened a seat's link: more than one means someone else tried it. */
  devices: '{count} devices tried this link',
  show_code: 'Show {name}’s code',
  hide_code: 'Hide the code',
  show_link: 'Show the link as text',
  hide_link: 'Hide the link',
  free: 'Free this seat',
  renew: 'New link',
  code_heading: '{name}’s code',
  code_hint: 'Only {name} should scan this. It hides itself once their phone holds the seat.',
} as const;

export const seatEn = {
  title: 'Your seat',
  loading: 'Opening your seat…',
  act_refused: 'The computer that keeps the game did not take that.',
  /** The live view stopped: tried again after a while, longer each time. */
  reconnecting: 'Connection lost: trying again…',
  /** Its game's page did not arrive whole (the network, the computer busy). */
  page_failed: 'Part of this page did not arrive. Reload it to see your seat.',
  reload: 'Reload',
  refused: {
    heading: 'This link opens no seat',
    closed: 'The table was closed on the computer that keeps the game, or this link is no seat’s. Ask there for a new link or QR code.',
    slow_down: 'Too many tries at once: wait a moment, then reload the page.',
    taken: 'Another phone already holds this seat. If this is your seat, ask the host to free it on the computer that keeps the game, then reload the page.',
    no_device: 'This browser keeps no cookies for this page, so the seat cannot be kept for this phone. Allow cookies (or leave private browsing), then open the link again.',
    unreachable: 'The computer that keeps the game cannot be reached. Check that this phone is on the same network, then reload the page.',
  },
  risk: {
    on_turn: 'Your turn.',
    met: 'Mission met',
    not_met: 'Mission not met yet',
    claimable: 'You may claim it now.',
    claim: 'Claim {fragment}',
    kept: 'Turned over and kept for a combat:',
    reinforcements: 'Your new assassins',
  },
  bov: {
    equipment: 'Equipment',
    slot_line: '{slot}: {card}',
  },
  memory: {
    reinforcement: 'Reinforcement card {card} drawn',
  },
  nation: {
    attempt: 'Your attempt this round',
    attempt_line: 'Target {target}, {weapon}',
    choose: 'Your attempt, face down',
    face_down: 'Face down: the others see only that you have played, until the reveal on the computer that keeps the game.',
    withdraw: 'Take it back',
    pass: 'I pass this round',
    passed: 'You pass this round: the reveal no longer waits for you.',
    take_back_pass: 'Take back my pass',
    not_in_duel: 'The tied players duel: you make no attempt.',
    hit_list: 'Your hit list',
    entry: 'Target {target}: {bonus}',
    keep_heading: 'Your Top Secret Hit List card',
    keep_hint: 'Enter your card here to keep it on your phone: the others see only that it is kept. It is turned over for the count when the last target falls.',
    keep: 'Keep it on my phone',
    kept: 'Kept on your phone: the others see only that it is kept, until the count.',
    correct: 'Correct it',
  },
} as const;
