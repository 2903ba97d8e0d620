/**
 * Before every test file: the French words fetched, as the app does when it
 * starts in French or switches to it, so that tests switch languages at once
 * (`locale.set('fr')`).
 */
import { loadLocale } from '$lib/i18n/index.svelte';

await loadLocale('fr');
