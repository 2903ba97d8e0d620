/**
 * Moving a card or a miniature: by pointer (press, drag, release over a
 * slot) or by keyboard and click (pick it up, then choose where it goes).
 * Both end in the same `drop(item, target)`.
 *
 * Pointer events rather than HTML drag-and-drop: they work the same with a
 * mouse, a touch screen and WebDriver, and the dragged card stays a button.
 */
import type { CardDef, Place } from '$lib/ipc';

/** Anything that can be picked up: a card, a miniature. */
export type Movable = { id: string; name: string };
export type Drop = (card: CardDef, to: Place) => void;

let held = $state<Movable | null>(null);
let pointer = $state<{ x: number; y: number } | null>(null);
/** Set after a pointer drag so the click that follows does not pick the card up. */
let justDragged = false;
/** Ends the pointer drag under way, if any, without dropping. */
let stopPointer: (() => void) | null = null;

export const drag = {
  /** What is being moved, if anything. */
  get held(): Movable | null {
    return held;
  },
  /** Where the pointer is while dragging (for the floating card). */
  get pointer(): { x: number; y: number } | null {
    return pointer;
  },
  /** Picks a card up (keyboard or click); picking it again puts it down. */
  toggle(card: Movable): void {
    if (justDragged) {
      justDragged = false;
      return;
    }
    held = held?.id === card.id ? null : card;
  },
  /** Puts what is held back where it was (Escape, or the system taking the
   * pointer away): nothing is dropped, even if the button is released later. */
  cancel(): void {
    stopPointer?.();
    held = null;
    pointer = null;
  },
};

/** The attribute a drop target carries: where it is, as JSON. */
export const dropAttr = (target: unknown): string => JSON.stringify(target);

/** Starts following the pointer after a press on a card or a miniature. */
export function startPointerDrag<T extends Movable, P>(
  card: T,
  event: PointerEvent,
  drop: (item: T, target: P) => void,
): void {
  if (event.button !== 0) return;
  const start = { x: event.clientX, y: event.clientY };
  let moving = false;
  const move = (e: PointerEvent) => {
    if (!moving && Math.hypot(e.clientX - start.x, e.clientY - start.y) < 5) return;
    moving = true;
    held = card;
    pointer = { x: e.clientX, y: e.clientY };
  };
  const stop = () => {
    window.removeEventListener('pointermove', move);
    window.removeEventListener('pointerup', up);
    window.removeEventListener('pointercancel', cancelled);
    if (stopPointer === stop) stopPointer = null;
  };
  const cancelled = () => drag.cancel();
  const up = (e: PointerEvent) => {
    stop();
    if (!moving) return;
    justDragged = true;
    // The click that may follow lands on whatever is under the pointer.
    setTimeout(() => (justDragged = false), 0);
    const target = document
      .elementFromPoint(e.clientX, e.clientY)
      ?.closest<HTMLElement>('[data-drop]');
    held = null;
    pointer = null;
    if (target?.dataset.drop) drop(card, JSON.parse(target.dataset.drop) as P);
  };
  stopPointer?.();
  stopPointer = stop;
  window.addEventListener('pointermove', move);
  window.addEventListener('pointerup', up);
  window.addEventListener('pointercancel', cancelled);
}
