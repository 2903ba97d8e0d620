/**
 * RISK Assassin's Creed's types, as its rules crate exports them
 * (generated in ./types/risk), under the names the rest of the UI uses.
 */
import type { GameScreen } from './types/GameScreen';
import type { MapView } from './types/risk/MapView';

export type { SetupOffer as RiskSetupOffer } from './types/risk/SetupOffer';
export type { Command as RiskCommand } from './types/risk/Command';
export type { MapView as RiskView } from './types/risk/MapView';
export type { SheetView as RiskSheet } from './types/risk/SheetView';
export type { Odds as RiskOdds } from './types/risk/Odds';

export type RiskScreen = GameScreen<MapView>;
