/**
 * A told-back screen drawn once out of sight, with figures of its own, then
 * taken down (issue 57): its first opening then runs code WebKit has
 * already compiled and styles it has already matched, as every later
 * opening does. Fetching the code ahead (`codeWhenIdle`) was not enough:
 * the RISK story's first opening still took about 60 ms more than the next
 * ones in the release window, the first run of its code and of its
 * layout. Nothing is asked of the backend: the figures are made up in the
 * screen's own chunk (`$games/<game>/told/warm.ts`).
 *
 * The copy is hidden (`visibility: hidden`, `inert`, `aria-hidden`), sized
 * as the window so its layout is the real one, and gone two frames later or
 * as soon as a told-back screen is really opened (`showWhenAnswered` calls
 * `coolDown`). Not in the window's first bundle: only the screens' chunks
 * import it.
 */
import { mount, unmount, type Component } from 'svelte';
import { afterNextFrame } from '$lib/next-frame';
import { whileWarm } from './ahead';

let warm: { instance: Record<string, unknown>; host: HTMLElement; stop: () => void } | null = null;

export function warmOffScreen<P extends Record<string, unknown>>(component: Component<P>, props: P): void {
  coolDown();
  const host = document.createElement('div');
  host.setAttribute('aria-hidden', 'true');
  host.inert = true;
  host.dataset.warm = '';
  host.style.cssText =
    'position: fixed; left: 0; top: 0; width: 100vw; height: 100vh; overflow: hidden; visibility: hidden; pointer-events: none; z-index: -1;';
  document.body.append(host);
  const instance = mount(component, { target: host, props });
  // The screen's parts below its first view come a frame after its top: both drawn, then gone.
  let stop = afterNextFrame(() => (stop = afterNextFrame(coolDown)));
  warm = { instance, host, stop: () => stop() };
  whileWarm(coolDown);
}

/** Takes the copy down now (the screen itself is being opened, or left). */
export function coolDown(): void {
  if (warm === null) return;
  const { instance, host, stop } = warm;
  warm = null;
  whileWarm(null);
  stop();
  void unmount(instance);
  host.remove();
}
