/**
 * A memory in play's types, as its rules crate exports them (generated in
 * ./types/memory), under the names the rest of the UI uses.
 */
import type { GameScreen } from './types/GameScreen';
import type { PlayView } from './types/memory/PlayView';

export type { Command as MemoryCommand } from './types/memory/Command';
export type { PlayView as MemoryView } from './types/memory/PlayView';

export type MemoryScreen = GameScreen<PlayView>;
