/** Drawn a frame later: the diary's sections below its first view (./next-frame). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterNextFrame } from './next-frame';

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
