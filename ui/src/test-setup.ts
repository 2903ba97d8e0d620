/**
 * Before every test file: the French words fetched, as the app does when it
 * starts in French or switches to it, so that tests switch languages at once
 * (`locale.set('fr')`).
 */
import { configure } from '@testing-library/svelte';
import { loadLocale } from '$lib/i18n/index.svelte';

await loadLocale('fr');

// A screen's lazily loaded part (an import's answer, a game's chunk) can take
// more than testing-library's 1 s to appear on 2 busy cores: `findBy…` and
// `waitFor` wait up to 10 s (a test still fails at once when the wrong thing
// is shown, and at vitest's 30 s at worst).
configure({ asyncUtilTimeout: 10_000 });
