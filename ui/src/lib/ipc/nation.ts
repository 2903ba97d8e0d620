/**
 * Assassin Nation's types, as its rules crate exports them (generated in
 * ./types/nation), under the names the rest of the UI uses.
 */
import type { GameScreen } from './types/GameScreen';
import type { TableView } from './types/nation/TableView';

export type { SetupOffer as NationSetupOffer } from './types/nation/SetupOffer';
export type { Command as NationCommand } from './types/nation/Command';
export type { TableView as NationView } from './types/nation/TableView';
export type { Event as NationEvent } from './types/nation/Event';

export type NationScreen = GameScreen<TableView>;
