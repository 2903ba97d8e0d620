/** Levels as the game prints them. */
export const roman = (level: number): string => ['0', 'I', 'II', 'III', 'IV'][level] ?? String(level);
