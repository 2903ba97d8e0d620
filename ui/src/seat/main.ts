/**
 * A seat's page on a player's phone (issue 32), served by the app's seat
 * server at `/s/#<secret>`: the same build and words as the window, in the
 * phone's language (English or French).
 */
import { mount } from 'svelte';
import '../app.css';
import SeatPage from './SeatPage.svelte';
import { locale } from '$lib/i18n/index.svelte';
import { seatLink } from '$lib/ipc/seat';

const target = document.getElementById('seat');
if (!target) throw new Error('#seat element missing from seat.html');
// The seat's secret is the address's fragment (`/s/#<secret>`): never sent.
void locale.ready.then(() => mount(SeatPage, { target, props: { link: seatLink(location) } }));
