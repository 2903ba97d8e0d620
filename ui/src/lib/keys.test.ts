import { describe, expect, it } from 'vitest';
import { shortcut } from './keys';

const press = (key: string, init: KeyboardEventInit = {}, target?: HTMLElement) => {
  const event = new KeyboardEvent('keydown', { key, ctrlKey: true, ...init });
  if (target) Object.defineProperty(event, 'target', { value: target });
  return shortcut(event);
};

describe('keyboard shortcuts', () => {
  it('maps the usual keys', () => {
    expect(press('z')).toBe('undo');
    expect(press('Z', { shiftKey: true })).toBe('redo');
    expect(press('y')).toBe('redo');
    expect(press('e')).toBe('export');
    expect(press('p')).toBe('print');
    expect(press('z', { ctrlKey: false })).toBeNull();
  });

  it('leaves Ctrl+Z to a text field being typed in', () => {
    expect(press('z', {}, document.createElement('input'))).toBeNull();
    expect(press('p', {}, document.createElement('textarea'))).toBe('print');
  });
});
