/**
 * The players' words for an error from the backend, in the current language.
 *
 * A broken rule (`RuleViolation`) is told with the catalogue's
 * `rules.<code>` message filled with its params; another error (`AppError`
 * code) with `app_errors.codes.<code>`. A code the catalogue lacks, or a
 * message whose placeholders the params do not fill, keeps the English
 * sentence built in Rust.
 */
import type { RuleViolation, Violation } from '$lib/ipc';
import type { Refusal } from '$lib/ipc/types/Refusal';
import type { RuleCode } from '$lib/ipc/types/RuleCode';
import type { Section } from '$lib/ipc/types/Section';
import { en } from './en';
import { englishMessage, t, tDynamic } from './index.svelte';

const valueWords: Readonly<Record<string, Readonly<Record<string, string>>>> = en.rule_values;

/**
 * A param the core sends as an id ("command_room", "melee") in the current
 * language; any other value (a name, a number) as it is.
 */
export function ruleValue(name: string, value: string): string {
  const words = Object.hasOwn(valueWords, name) ? valueWords[name] : undefined;
  const known = words !== undefined && Object.hasOwn(words, value);
  return (known && tDynamic(`rule_values.${name}.${value}`)) || value;
}

/** A campaign's refusal as its own view carries it, with no game named. */
type CampaignRefusal = Refusal<RuleCode, Section>;

/**
 * One broken rule as a sentence, without its section: a game with a
 * section of its own in the catalogue has its refusals at
 * `<game>.rules.<code>`; the campaigns' (the first game's, whose words came
 * first, and a refusal with no game named) are `rules.<code>`.
 */
export function ruleWords(violation: Violation | RuleViolation | CampaignRefusal): string {
  const params = Object.fromEntries(
    Object.entries(violation.params).map(([name, value]) => [name, ruleValue(name, value)]),
  );
  const game = 'game' in violation ? violation.game : null;
  const words = game !== null && Object.hasOwn(en, game) ? `${game}.rules` : 'rules';
  return tDynamic(`${words}.${violation.code}`, params) ?? violation.message;
}

/** One broken rule as a sentence, with the rulebook section to look up. */
export function ruleMessage(violation: Violation | RuleViolation): string {
  const text = ruleWords(violation);
  return violation.section ? `${text} ${t('errors.rule', { section: violation.section })}` : text;
}

/** A sentence with its quotes and apostrophes plain: Rust writes ' and ", the catalogue ’ and “ ”. */
const plainQuotes = (text: string): string => text.replace(/[‘’]/g, "'").replace(/[“”]/g, '"');

/**
 * An error that is not a broken rule. `details` is the English message from
 * Rust when it says more than the catalogue (the file, the cause), else null
 * (the same sentence, its quotes typed plainly, says nothing more).
 */
export function appErrorMessage(
  code: string,
  message: string,
  params: Readonly<Record<string, string>> = {},
): { text: string; details: string | null } {
  const text = tDynamic(`app_errors.codes.${code}`, params);
  if (text === null) return { text: message, details: null };
  const said = englishMessage(`app_errors.codes.${code}`);
  const same = said !== undefined && plainQuotes(message.trim()) === plainQuotes(said);
  return { text, details: message.trim() !== '' && !same ? message : null };
}
