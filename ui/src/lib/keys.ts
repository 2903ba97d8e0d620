/**
 * Keyboard shortcuts shared by the screens: Ctrl+Z undo, Ctrl+Shift+Z (or
 * Ctrl+Y) redo, Ctrl+E export, Ctrl+P print the pack-up sheet. Inside a
 * text field, Ctrl+Z stays the field's own undo.
 */
export type Shortcut = 'undo' | 'redo' | 'export' | 'print';

export function shortcut(event: KeyboardEvent): Shortcut | null {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return null;
  const key = event.key.toLowerCase();
  const target = event.target as HTMLElement | null;
  const typing =
    target !== null &&
    (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT' || target.isContentEditable);
  if (key === 'z' && !typing) return event.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && !typing) return 'redo';
  if (key === 'e') return 'export';
  if (key === 'p') return 'print';
  return null;
}

/** What a screen offers for each shortcut it takes. */
export type ShortcutActions = Partial<Record<Shortcut, () => unknown>>;

/**
 * The shortcut `event` asks for, run when the screen offers it (`actions`):
 * the key's own effect is then prevented. True when run.
 */
export function runShortcut(event: KeyboardEvent, actions: ShortcutActions): boolean {
  const action = shortcut(event);
  const run = action === null ? undefined : actions[action];
  if (run === undefined) return false;
  event.preventDefault();
  void run();
  return true;
}
