/** The players' phones, English: `phones.*` (the host's panel) and `seat.*` (a seat's page on a phone). */
export const phonesEn = {
  heading: 'The players’ phones',
  hint: 'Each player can follow their own seat on their phone, on the same network as this computer, with no install: what the others must not see stays on that phone.',
  open: 'Open the table to the phones',
  close: 'Close the table',
  safety: 'Show each QR code to its player only: anyone on this network with a seat’s link sees that seat. Closing the table, the game or Bagless makes every link open nothing.',
  qr: 'QR code of {name}’s seat',
  connected: 'Phone connected',
  waiting: 'No phone yet',
} as const;

export const seatEn = {
  title: 'Your seat',
  loading: 'Opening your seat…',
  act_refused: 'The computer that keeps the game did not take that.',
  refused: {
    heading: 'This link opens no seat',
    closed: 'The table was closed on the computer that keeps the game, or this link is no seat’s. Ask there for a new link or QR code.',
    slow_down: 'Too many tries at once: wait a moment, then reload the page.',
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
