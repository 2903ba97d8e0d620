/**
 * The map as a picture: where each of the 42 territories sits on a
 * schematic world map (the classic RISK board, drawn by hand on a grid of
 * 1000 × 500 units), the colours of the 6 regions, and how each
 * brotherhood is drawn (its colour, a text colour that reads on it, and a
 * symbol so the owner is told by shape as well as by colour).
 */
import type { Colour } from '$lib/ipc/types/risk/Colour';
import type { Region } from '$lib/ipc/types/risk/Region';
import type { Territory } from '$lib/ipc/types/risk/Territory';

export const MAP_WIDTH = 1000;
export const MAP_HEIGHT = 500;
/** A territory's token, in map units. */
export const TOKEN_WIDTH = 90;
export const TOKEN_HEIGHT = 48;

/** Each territory's centre, in map units. */
export const POSITIONS: Readonly<Record<Territory, readonly [number, number]>> = {
  alaska: [60, 63],
  northwest_territory: [160, 63],
  greenland: [330, 37],
  alberta: [130, 124],
  ontario: [225, 124],
  quebec: [320, 114],
  western_united_states: [140, 187],
  eastern_united_states: [240, 192],
  central_america: [170, 254],
  venezuela: [232, 308],
  peru: [200, 374],
  brazil: [302, 360],
  argentina: [240, 444],
  iceland: [430, 63],
  great_britain: [420, 135],
  scandinavia: [525, 53],
  northern_europe: [520, 133],
  western_europe: [420, 207],
  southern_europe: [525, 207],
  russia: [625, 115],
  north_africa: [440, 298],
  egypt: [545, 280],
  east_africa: [602, 354],
  congo: [498, 367],
  south_africa: [520, 445],
  madagascar: [628, 437],
  ural: [720, 98],
  siberia: [795, 44],
  yakutsk: [895, 41],
  kamchatka: [948, 98],
  irkutsk: [850, 109],
  mongolia: [855, 173],
  japan: [955, 221],
  afghanistan: [715, 176],
  china: [800, 239],
  middle_east: [640, 256],
  india: [740, 303],
  siam: [840, 312],
  indonesia: [830, 386],
  new_guinea: [932, 374],
  western_australia: [840, 459],
  eastern_australia: [942, 450],
};

/**
 * A region's pale fill on the map and its label's place (in map units): where
 * the label starts, or where it ends (`anchor: 'end'`) when a token stands just
 * after it (Oceania's, whose bonus ran under Western Australia).
 */
export const REGIONS: Readonly<Record<Region, { fill: string; label: readonly [number, number]; anchor?: 'end' }>> = {
  north_america: { fill: '#ecd893', label: [8, 26] },
  south_america: { fill: '#ecbda3', label: [40, 484] },
  europe: { fill: '#b1cae6', label: [610, 37] },
  africa: { fill: '#dbbf9a', label: [405, 484] },
  asia: { fill: '#bad9af', label: [690, 367] },
  oceania: { fill: '#d5c0e1', label: [786, 484], anchor: 'end' },
};

/**
 * How a brotherhood is drawn: its colour, the ink that reads on it
 * (contrast 4.5:1 and more), and a symbol (shape, not colour).
 */
export const BROTHERHOODS: Readonly<Record<Colour, { fill: string; ink: string; symbol: string }>> = {
  red: { fill: '#a3191c', ink: '#ffffff', symbol: '▲' },
  grey: { fill: '#5f6368', ink: '#ffffff', symbol: '◆' },
  black: { fill: '#1e1e1e', ink: '#ffffff', symbol: '■' },
  white: { fill: '#f7f5ef', ink: '#1e1e1e', symbol: '○' },
  blue: { fill: '#1c4f8a', ink: '#ffffff', symbol: '●' },
};

/** A point of the map as percentages of its width and height. */
export function percent([x, y]: readonly [number, number]): { left: number; top: number } {
  return { left: (x / MAP_WIDTH) * 100, top: (y / MAP_HEIGHT) * 100 };
}

/**
 * The line drawn for a border between two territories. One that would
 * cross the whole map (Alaska–Kamchatka) is drawn as two stubs leaving by
 * the nearer edges.
 */
export function borderLines(a: Territory, b: Territory): [number, number, number, number][] {
  const [ax, ay] = POSITIONS[a];
  const [bx, by] = POSITIONS[b];
  if (Math.abs(ax - bx) <= MAP_WIDTH / 2) return [[ax, ay, bx, by]];
  const [west, east] = ax < bx ? [POSITIONS[a], POSITIONS[b]] : [POSITIONS[b], POSITIONS[a]];
  return [
    [west[0], west[1], 0, west[1]],
    [east[0], east[1], MAP_WIDTH, east[1]],
  ];
}

/** A territory's land: an ellipse round its position, as an SVG path. */
export function landPath([x, y]: readonly [number, number], rx = 62, ry = 42): string {
  return `M${x - rx} ${y}a${rx} ${ry} 0 1 0 ${2 * rx} 0a${rx} ${ry} 0 1 0 ${-2 * rx} 0Z`;
}
