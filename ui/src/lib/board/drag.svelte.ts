/**
 * Moving a card: by pointer (press, drag, release over a slot) or by
 * keyboard and click (pick the card up, then choose the slot). Both end in
 * the same `drop(card, place)`.
 *
 * Pointer events rather than HTML drag-and-drop: they work the same with a
 * mouse, a touch screen and WebDriver, and the dragged card stays a button.
 */
import type { CardDef, Place } from '$lib/ipc';

export type Drop = (card: CardDef, to: Place) => void;

let held = $state<CardDef | null>(null);
let pointer = $state<{ x: number; y: number } | null>(null);
/** Set after a pointer drag so the click that follows does not pick the card up. */
let justDragged = false;

export const drag = {
  /** The card being moved, if any. */
  get held(): CardDef | null {
    return held;
  },
  /** Where the pointer is while dragging (for the floating card). */
  get pointer(): { x: number; y: number } | null {
    return pointer;
  },
  /** Picks a card up (keyboard or click); picking it again puts it down. */
  toggle(card: CardDef): void {
    if (justDragged) {
      justDragged = false;
      return;
    }
    held = held?.id === card.id ? null : card;
  },
  cancel(): void {
    held = null;
    pointer = null;
  },
};

/** The attribute a drop target carries: its place, as JSON. */
export const dropAttr = (place: Place): string => JSON.stringify(place);

/** Starts following the pointer after a press on a card. */
export function startPointerDrag(card: CardDef, event: PointerEvent, drop: Drop): void {
  if (event.button !== 0) return;
  const start = { x: event.clientX, y: event.clientY };
  let moving = false;
  const move = (e: PointerEvent) => {
    if (!moving && Math.hypot(e.clientX - start.x, e.clientY - start.y) < 5) return;
    moving = true;
    held = card;
    pointer = { x: e.clientX, y: e.clientY };
  };
  const up = (e: PointerEvent) => {
    window.removeEventListener('pointermove', move);
    window.removeEventListener('pointerup', up);
    if (!moving) return;
    justDragged = true;
    // The click that may follow lands on whatever is under the pointer.
    setTimeout(() => (justDragged = false), 0);
    const target = document
      .elementFromPoint(e.clientX, e.clientY)
      ?.closest<HTMLElement>('[data-drop]');
    held = null;
    pointer = null;
    if (target?.dataset.drop) drop(card, JSON.parse(target.dataset.drop) as Place);
  };
  window.addEventListener('pointermove', move);
  window.addEventListener('pointerup', up);
}
