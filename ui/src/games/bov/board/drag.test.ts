import { afterEach, describe, expect, it, vi } from 'vitest';
import { drag, startPointerDrag } from './drag.svelte';

const card = { id: 'added-1', name: 'Smoke Bomb' };

/** A pointer event as the window sends it (jsdom has no PointerEvent). */
function pointer(type: string, x: number, y: number): PointerEvent {
  const event = new MouseEvent(type, { clientX: x, clientY: y, button: 0, bubbles: true });
  return event as unknown as PointerEvent;
}

/** A drop target under every point, as a slot would be. */
function slotUnderPointer(): void {
  const slot = document.createElement('div');
  slot.dataset.drop = JSON.stringify({ place: 'villa_envelope' });
  document.body.append(slot);
  document.elementFromPoint = () => slot;
}

describe('dragging a card by pointer', () => {
  afterEach(() => drag.cancel());

  it('drops it where the button is released', () => {
    slotUnderPointer();
    const drop = vi.fn();
    startPointerDrag(card, pointer('pointerdown', 10, 10), drop);
    window.dispatchEvent(pointer('pointermove', 60, 60));
    expect(drag.held?.id).toBe(card.id);
    window.dispatchEvent(pointer('pointerup', 60, 60));
    expect(drop).toHaveBeenCalledWith(card, { place: 'villa_envelope' });
    expect(drag.held).toBeNull();
  });

  it('Escape puts the card back: releasing afterwards drops nothing', () => {
    slotUnderPointer();
    const drop = vi.fn();
    startPointerDrag(card, pointer('pointerdown', 10, 10), drop);
    window.dispatchEvent(pointer('pointermove', 60, 60));
    drag.cancel(); // what the screens do on Escape
    expect(drag.held).toBeNull();
    expect(drag.pointer).toBeNull();
    window.dispatchEvent(pointer('pointerup', 60, 60));
    expect(drop).not.toHaveBeenCalled();
  });

  it('pointercancel puts the card back', () => {
    slotUnderPointer();
    const drop = vi.fn();
    startPointerDrag(card, pointer('pointerdown', 10, 10), drop);
    window.dispatchEvent(pointer('pointermove', 60, 60));
    window.dispatchEvent(pointer('pointercancel', 60, 60));
    expect(drag.held).toBeNull();
    window.dispatchEvent(pointer('pointerup', 60, 60));
    expect(drop).not.toHaveBeenCalled();
  });
});
