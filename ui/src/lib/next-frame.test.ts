/** Drawn a frame later: the diary's sections below its first view (./next-frame). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterNextFrame, drawInTurns, drawnPart, whenSettled } from './next-frame';

/** Animation frames the test paints by hand, as a window would. */
let frames: FrameRequestCallback[] = [];
const paint = () => {
  const due = frames;
  frames = [];
  due.forEach((f) => f(performance.now()));
};

beforeEach(() => {
  vi.useFakeTimers();
  frames = [];
  vi.stubGlobal('requestAnimationFrame', (f: FrameRequestCallback) => frames.push(f));
  vi.stubGlobal('cancelAnimationFrame', (id: number) => {
    frames[id - 1] = () => {};
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('drawing below the first view a frame later', () => {
  it('waits for the frame being drawn, then draws once it has been painted', () => {
    const draw = vi.fn();
    afterNextFrame(draw);
    vi.advanceTimersByTime(0);
    expect(draw).not.toHaveBeenCalled();
    paint();
    expect(draw).not.toHaveBeenCalled(); // still in the frame: its paint comes first
    vi.advanceTimersByTime(0);
    expect(draw).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(draw).toHaveBeenCalledTimes(1);
  });

  it('draws anyway in a window that paints no frame, once only', () => {
    const draw = vi.fn();
    afterNextFrame(draw, 100);
    vi.advanceTimersByTime(99);
    expect(draw).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(draw).toHaveBeenCalledTimes(1);
    paint();
    vi.advanceTimersByTime(1000);
    expect(draw).toHaveBeenCalledTimes(1);
  });

  it('draws nothing for a screen gone before', () => {
    const draw = vi.fn();
    const cancel = afterNextFrame(draw);
    cancel();
    paint();
    vi.advanceTimersByTime(1000);
    expect(draw).not.toHaveBeenCalled();
  });
});

describe('a long part of a screen built in turns', () => {
  it('takes the first turn after the frame is painted, then one turn per task, in order', () => {
    const turns: number[] = [];
    drawInTurns(3, (turn) => turns.push(turn));
    paint();
    expect(turns).toEqual([]); // the frame's paint comes first
    vi.advanceTimersToNextTimer();
    expect(turns).toEqual([1]); // a task of its own: what came meanwhile is answered before the next
    vi.advanceTimersToNextTimer();
    expect(turns).toEqual([1, 2]);
    vi.advanceTimersByTime(1000);
    expect(turns).toEqual([1, 2, 3]);
  });

  it('stops where it is for a screen gone meanwhile', () => {
    const turns: number[] = [];
    const stop = drawInTurns(3, (turn) => turns.push(turn));
    paint();
    vi.advanceTimersToNextTimer();
    stop();
    vi.advanceTimersByTime(1000);
    expect(turns).toEqual([1]);
  });

  it('takes its turns in a window that paints no frame too', () => {
    const turns: number[] = [];
    drawInTurns(2, (turn) => turns.push(turn), 100);
    vi.advanceTimersByTime(1000);
    expect(turns).toEqual([1, 2]);
  });

  it('draws a share more of a list each turn, all of it from the last turn on', () => {
    const sequences = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];
    expect(drawnPart(sequences, 0, 3)).toEqual([]);
    expect(drawnPart(sequences, 1, 3)).toEqual(['0', '1', '2', '3']);
    expect(drawnPart(sequences, 2, 3)).toHaveLength(7);
    expect(drawnPart(sequences, 3, 3)).toBe(sequences);
    expect(drawnPart(sequences, 4, 3)).toBe(sequences);
    expect(drawnPart([], 1, 3)).toEqual([]);
  });
});

describe('work done once the start has settled', () => {
  it('runs a while after the first frame is painted, once', () => {
    const work = vi.fn();
    whenSettled(work, 250);
    paint();
    vi.advanceTimersByTime(249);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(work).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs nothing for a window closed before', () => {
    const work = vi.fn();
    const cancel = whenSettled(work, 250);
    paint();
    vi.advanceTimersByTime(100);
    cancel();
    vi.advanceTimersByTime(1000);
    expect(work).not.toHaveBeenCalled();
  });
});
