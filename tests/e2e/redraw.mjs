// A placement's redraw on the RISK map, timed in the page (ms):
//   answer  the click's IPC round trip (to the answer read and parsed);
//   update  the page's work from the answer to the new count in the page;
//   wait    the wait for the next frame (the display's pace, not work);
//   paint   that frame's style, layout and paint.
// The redraw fits in one frame when update + paint is under 16.7 ms
// (issue: "redrawing the map after a move under one frame").
// Shared by risk.spec (the flows' placements) and ipc-speed.spec (many
// placements on a long game, for a percentile).

export const FRAME_MS = 1000 / 60;

/**
 * One click on Place, timed (see above). Null when the count of `where`
 * did not change within 5 s; `{ error }` when the answer's time is unknown.
 */
export function timedPlacement(s, where) {
  // The answer's arrival is the page's own mark (ui/src/lib/ipc: one per
  // command, when its answer is read); a task queued from the next frame's
  // animation callback runs once that frame is painted.
  return s.executeAsync(
    `const [where, done] = arguments;
     const token = document.querySelector('[data-testid="risk-territory"][data-territory="' + where + '"]');
     let start = null;
     const seen = new MutationObserver(() => {
       seen.disconnect();
       const updated = performance.now();
       const mark = performance.getEntriesByName('ipc:game_act', 'mark').at(-1);
       const answered = mark && mark.startTime >= start ? mark.startTime : null;
       requestAnimationFrame(() => {
         const frame = performance.now();
         setTimeout(() => {
           if (answered === null) return done({ error: 'no mark of the answer after the click' });
           done({ answer: answered - start, update: updated - answered, wait: frame - updated, paint: performance.now() - frame });
         }, 0);
       });
     });
     seen.observe(token, { attributes: true, attributeFilter: ['data-count'] });
     // Clicked once the page is still: the frames of what came before (the
     // count typed in, which may have scrolled the page) are not counted.
     requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => {
       start = performance.now();
       document.querySelector('[data-testid="risk-place"]').click();
     }, 0)));
     setTimeout(() => done(null), 5000);`,
    [where],
  );
}

const fixed = (n) => n.toFixed(1);

/** Each redraw in words, for the log. */
export function redrawWords(list) {
  return list
    .map((r) => `answer ${fixed(r.answer)}, update ${fixed(r.update)} + paint ${fixed(r.paint)} = ${fixed(r.update + r.paint)} (waited ${fixed(r.wait)} for the frame)`)
    .join('; ');
}

/** The redraws' update + paint: median, 95th percentile and worst, in words. */
export function redrawSpread(list) {
  const sorted = list.map((r) => r.update + r.paint).sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * q) - 1)];
  const within = sorted.filter((ms) => ms < FRAME_MS).length;
  return `p50 ${fixed(at(0.5))}, p95 ${fixed(at(0.95))}, worst ${fixed(sorted[sorted.length - 1])} ms; ${within} of ${sorted.length} within one frame`;
}

/**
 * A screen opened by a click and drawn, timed in the page (ms): from the
 * click to the first frame painted with `drawn` in it (the command's round
 * trip, the screen's code the first time, its build, style, layout and
 * paint; the wait for that frame too). Each frame is looked at from an
 * animation callback asked for in the frame before, so it runs ahead of
 * any the screen asks for in that frame: what the screen draws after that
 * frame (below the window's first view, `$lib/next-frame`) is not counted.
 * With `whole`, also the first frame painted with `whole` in it too
 * (`{ ms, wholeMs }`). `{ error }` when it is not drawn within 10 s.
 */
export function timedScreen(s, click, drawn, whole = null) {
  return s.executeAsync(
    `const [click, drawn, whole, done] = arguments;
     const start = performance.now();
     let seen = false;
     let ms = null;
     const give = setTimeout(() => done({ error: 'not drawn: ' + (seen ? whole : drawn) }), 10000);
     const finish = (result) => {
       clearTimeout(give);
       done(result);
     };
     // The frame about to be drawn holds the selector: the first task after
     // it runs once it is painted.
     const frame = () => {
       if (!seen && document.querySelector(drawn)) {
         seen = true;
         setTimeout(() => {
           ms = performance.now() - start;
           if (whole === null) finish({ ms });
         }, 0);
         if (whole === null) return;
       }
       if (seen && document.querySelector(whole)) {
         setTimeout(() => finish({ ms, wholeMs: performance.now() - start }), 0);
         return;
       }
       requestAnimationFrame(frame);
     };
     requestAnimationFrame(frame);
     document.querySelector(click).click();`,
    [click, drawn, whole],
  );
}

/** p50, p95 and worst of `ms`, in words. */
export function spread(ms) {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * q) - 1)];
  return `p50 ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, worst ${sorted.at(-1).toFixed(1)} ms`;
}
