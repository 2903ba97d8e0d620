/**
 * Where the card held may be put now (issue 55), as the rules answer it:
 * asked of the campaign when a card is picked up (`openDestinations`), the
 * answer names, for each place the boards show, the refusal the move would
 * meet there (`null` where the rules take the card). The board offers
 * "Put here" only where the answer says so, and says why elsewhere; it
 * writes no rule of its own. While the answer is on its way, no place is
 * offered; an answer for another card, or for the boards before a change,
 * is dropped.
 */
import type { Destination, DestinationsView, Place } from '$lib/ipc';
import { openDestinations } from '$games/bov/ipc';

/** A place as a key: its kind, and the assassin and slot it belongs to. */
export function placeKey(place: Place): string {
  switch (place.place) {
    case 'equipped':
      return `equipped:${place.assassin}:${place.slot}`;
    case 'inventory':
      return `inventory:${place.assassin}:${place.index}`;
    case 'bag':
      return `bag:${place.assassin}`;
    default:
      return place.place;
  }
}

export class Destinations {
  #answer = $state<DestinationsView | null>(null);
  #byPlace = $derived(new Map((this.#answer?.places ?? []).map((d) => [placeKey(d.place), d])));
  #error = $state<unknown>(null);
  /** Counts the questions: only the last one's answer is kept. */
  #asked = 0;
  readonly #campaignId: () => string;

  /** @param campaignId the campaign, read at each question (the screen's prop) */
  constructor(campaignId: () => string) {
    this.#campaignId = campaignId;
  }

  /**
   * Follows what is held: a card picked up (or the boards changed while it
   * is held) is asked about again; nothing held, nothing asked.
   */
  follow(card: string | null): void {
    const asked = ++this.#asked;
    this.#answer = null;
    this.#error = null;
    if (card === null) return;
    openDestinations(this.#campaignId(), card).then(
      (answer) => {
        if (asked === this.#asked && answer.card === card) this.#answer = answer;
      },
      (error: unknown) => {
        if (asked === this.#asked) this.#error = error;
      },
    );
  }

  /** Why the question failed, if it did (nothing is offered then). */
  get error(): unknown {
    return this.#error;
  }

  /** The answer for `place`; `null` while none has come (offer nothing). */
  at(place: Place): Destination | null {
    return this.#byPlace.get(placeKey(place)) ?? null;
  }
}
