import { mount } from 'svelte';
import './app.css';
import App from './App.svelte';
import { firstAnswer } from '$lib/ipc/first';
import { checkBookFace } from '$lib/book-face';
import { dropKept, keptShown, keptStyled } from '$lib/frame/kept';
import { afterNextFrame } from '$lib/next-frame';
import { locale } from '$lib/i18n/index.svelte';
import { router } from '$lib/router.svelte';
import { screenOf } from '$games/registry';

/** The longest the first frame waits for the game played last (its answer, its screen's code). */
const FIRST_ANSWER_WAIT_MS = 150;
/** The longest a copy of the screen waits for the screen's code and stylesheets. */
const KEPT_WAITS_MS = 1000;
/** When the titles' book face is looked for: well after the first screen. */
const BOOK_FACE_CHECK_MS = 1000;

const target = document.getElementById('app');
if (!target) throw new Error('#app element missing from index.html');

// The game played last was asked for by index.html's first script. Its
// answer is usually here already, or a few milliseconds away: wait for it, a
// moment at most, so that the window's first frame draws the game whole
// rather than a loading line redrawn at once (each frame of the window is a
// full repaint where the GPU is a software one). A backend slower than that
// (a library being repaired) gets the loading line.
// (Not a top-level await: that would split the app's bundle into many files.)
// The start language's words too, when it is not English (asked for by the
// same first script: see $lib/i18n). And the code of the game's screen (a
// chunk of its own: $games/registry): asked for now, it arrives while the
// answer does, and the first frame is the game's, not the header's alone.
// With a copy of the screen on show ($lib/frame/kept), the app's screen
// takes its place only with its code and its stylesheets (a second at most):
// never an empty screen, nor an unstyled one, after the game drawn whole.
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const late = wait(FIRST_ANSWER_WAIT_MS);
const route = router.route;
const first = route.name === 'game' ? screenOf(route) : null;
const screenCode = first?.screen.load().catch(() => undefined);
const screenReady = Promise.race([Promise.all([screenCode, keptStyled()]), late]);
const whole = () => {
  if (keptShown()) return Promise.race([Promise.all([screenCode, keptStyled()]), wait(KEPT_WAITS_MS)]);
  dropKept(); // none on show: none shown now, between this and the mount
  return null;
};
performance.mark('app:bundle');
void Promise.all([firstAnswer(FIRST_ANSWER_WAIT_MS), locale.ready, screenReady]).then(whole).then(() => {
  performance.mark('app:mount');
  // The copy of the screen shown until now (if one was: $lib/frame/kept)
  // goes as the app's own screen comes, in the same frame.
  dropKept();
  mount(App, { target });
  // The app's own screen painted (about: the task after its frame), on the page's timeline.
  afterNextFrame(() => performance.mark('app:drawn'), 1000);
});
setTimeout(() => checkBookFace(), BOOK_FACE_CHECK_MS);
