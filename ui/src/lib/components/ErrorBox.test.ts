import { render, screen } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import ErrorBox from './ErrorBox.svelte';
import { locale } from '$lib/i18n/index.svelte';
import { IpcError, type RuleViolation } from '$lib/ipc';

const NBSP = '\u00a0';

const wrongSlot: RuleViolation = {
  game: 'bov',
  code: 'slot_wrong_kind',
  message: 'Hidden Blade does not fit the ranged slot: only a card with that icon goes there.',
  params: { card: 'Hidden Blade', slot: 'ranged' },
  section: 'EQUIP',
};
const spotFull: RuleViolation = {
  game: 'bov',
  code: 'spot_full',
  message: 'The command room holds at most 4 miniatures.',
  params: { spot: 'command_room', capacity: '4' },
  section: 'ASSIGNMENTS',
};
const unknown: RuleViolation = {
  game: 'bov',
  // A catalogue that lacks a code falls back on the English sentence.
  code: 'rule_from_the_future' as RuleViolation['code'],
  message: 'A rule this version has no words for.',
  params: { card: 'Hidden Blade' },
  section: 'CAMPAIGN',
};
const refusal = new IpcError('rules', 'joined English sentences', [wrongSlot, spotFull, unknown]);

const lines = () => screen.getAllByRole('listitem').map((li) => li.textContent);

afterEach(() => locale.set('en', false));

describe('ErrorBox in French', () => {
  it('tells a refusal in French, with its params filled and the rule to look up', () => {
    locale.set('fr', false);
    render(ErrorBox, { error: refusal });
    expect(lines()).toEqual([
      `La carte Hidden Blade ne va pas dans l’emplacement distance${NBSP}: seule une carte portant ce symbole peut y aller. Règle${NBSP}: EQUIP`,
      `Pas plus de 4 figurines dans la salle de commandement. Règle${NBSP}: ASSIGNMENTS`,
      `A rule this version has no words for. Règle${NBSP}: CAMPAIGN`,
    ]);
  });

  it('keeps the English sentence when the params do not fill the message', () => {
    locale.set('fr', false);
    const partial = { ...wrongSlot, params: { card: 'Hidden Blade' } };
    render(ErrorBox, { error: new IpcError('rules', '', [partial]) });
    expect(lines()).toEqual([`${wrongSlot.message} Règle${NBSP}: EQUIP`]);
  });

  it('tells another error in French, with the English details folded away', () => {
    locale.set('fr', false);
    render(ErrorBox, { error: new IpcError('import_unreadable', 'The file could not be opened: No such file or directory (os error 2)') });
    const alert = screen.getByRole('alert');
    expect(alert.querySelector(':scope > p')?.textContent).toBe('Le fichier n’a pas pu être ouvert.');
    expect(screen.getByText('Détails')).toBeTruthy();
    expect(screen.getByText(/No such file or directory/).getAttribute('lang')).toBe('en');
  });

  it('falls back to the Rust message for an unknown error code', () => {
    locale.set('fr', false);
    render(ErrorBox, { error: new IpcError('brand_new', 'Something new went wrong.') });
    expect(screen.getByRole('alert').textContent?.trim()).toBe('Something new went wrong.');
  });
});

describe('ErrorBox in English', () => {
  it('tells a refusal from the catalogue, with the rule to look up', () => {
    render(ErrorBox, { error: refusal });
    expect(lines()).toEqual([
      `${wrongSlot.message} Rule: EQUIP`,
      `${spotFull.message} Rule: ASSIGNMENTS`,
      'A rule this version has no words for. Rule: CAMPAIGN',
    ]);
  });

  it('shows no details when the Rust message says nothing more', () => {
    render(ErrorBox, { error: new IpcError('nothing_to_undo', 'There is nothing to undo.') });
    expect(screen.getByRole('alert').textContent?.trim()).toBe('There is nothing to undo.');
    expect(screen.queryByText('Details')).toBeNull();
  });

  it('falls back to the Rust message for an unknown code', () => {
    render(ErrorBox, { error: new IpcError('brand_new', 'Something new went wrong.') });
    expect(screen.getByRole('alert').textContent?.trim()).toBe('Something new went wrong.');
  });

  it('shows no details when the Rust message differs only by its plain quotes', () => {
    render(ErrorBox, {
      error: new IpcError(
        'handover_address',
        "Type the other Bagless's address as it shows it, for example 192.168.1.20:43817.",
      ),
    });
    expect(screen.getByRole('alert').textContent?.trim()).toBe(
      'Type the other Bagless’s address as it shows it, for example 192.168.1.20:43817.',
    );
    expect(screen.queryByText('Details')).toBeNull();
  });

  it('says a code in the words the place asking gives for it, with no details', () => {
    render(ErrorBox, {
      error: new IpcError('no_local_network', 'This computer is on no local network: … the phones …'),
      words: { no_local_network: 'Connect this computer to the network of the other one.' },
    });
    expect(screen.getByRole('alert').textContent?.trim()).toBe('Connect this computer to the network of the other one.');
    expect(screen.queryByText('Details')).toBeNull();
  });
});
