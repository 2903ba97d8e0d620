/**
 * For the screens' tests: a start at which the game played last (`last`, as
 * ./first keeps it: "risk:g1") was answered before its screen is drawn.
 * Runs `body` with `answer` sent and arrived, then takes that answer back,
 * so that no later test sees it.
 */
import { firstAnswer, firstCommand, parseLastPlayed, sendFirst, takeSent } from './first';

export async function withArrivedAnswer(last: string, answer: unknown, body: () => void | Promise<void>): Promise<void> {
  sendFirst(last, () => Promise.resolve(answer));
  try {
    await firstAnswer(10_000);
    await body();
  } finally {
    const sent = firstCommand(parseLastPlayed(last));
    if (sent !== null) takeSent(sent.command, sent.args);
  }
}
