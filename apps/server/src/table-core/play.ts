/**
 * Playing: starting a game (or voting to play again), and taking an action. An action
 * is judged by the rules and comes with its log row: the shell stores the row before
 * anyone is told, and if storing fails the step is dropped, so what nobody stored never
 * happened and what was stored is never applied twice.
 */

import { protocolGame, type RulesRejectionCode, trickPauseOf } from '@kibitz/protocol';
import type { SeatIndex } from '@kibitz/rules';
import { isRefused, type Refused, refused } from './commands.ts';
import { commitmentOf, dealChanges } from './fair-deal.ts';
import {
  formIdOf,
  type GameAction,
  gameOf,
  gameOverPayload,
  isOver,
  phaseOf,
  type TableConfig,
  toActOf,
  versionOf,
} from './game.ts';
import { noHints } from './hints.ts';
import { Out } from './out.ts';
import { seatMember } from './seats.ts';
import {
  type BotLevel,
  botPlays,
  type CoreState,
  gameRunning,
  isConnected,
  memberAt,
  seatOf,
} from './state.ts';

/** start-game (host), new-game (host at once; anyone seated votes to play again). */
export function startGame(
  state: CoreState,
  out: Out,
  command: { socketId: string; kind: 'start' | 'new'; gameId: string; seed: string },
): CoreState | Refused {
  const member = memberAt(state, command.socketId);
  const isHost = member !== undefined && member.id === state.hostId;
  if (command.kind === 'new' && !isHost) return voteToPlayAgain(state, out, command);
  if (!isHost) return refused('not-host', 'Only the host can start a game');
  if (state.closing) return refused('shutting-down', 'The server is shutting down');
  if (gameRunning(state)) return refused('game-running', 'A game is already running');
  if (command.kind === 'new' && state.game === null) {
    return refused('no-game', 'No game has been played here yet: use start-game');
  }
  const empty = state.seats.flatMap((holder, index) => (holder === null ? [index] : []));
  if (empty.length > 0) {
    return refused('seats-empty', `Every seat needs a player or a bot (empty: ${empty.join(', ')})`);
  }
  return begin(state, out, command.gameId, command.seed);
}

/**
 * "Play again" from a player who is not the host: a vote. Once every seat is taken and
 * every human in a seat has voted (bots agree), the next game starts with the same seats.
 */
function voteToPlayAgain(
  state: CoreState,
  out: Out,
  command: { socketId: string; gameId: string; seed: string },
): CoreState | Refused {
  const member = memberAt(state, command.socketId);
  if (member === undefined) return refused('not-at-table', 'You are not at this table');
  const seat = seatOf(state, member.id);
  if (seat === null || state.seats[seat]!.left) {
    return refused('not-seated', 'Only the host or a player in a seat can ask to play again');
  }
  if (state.closing) return refused('shutting-down', 'The server is shutting down');
  if (state.game === null) return refused('no-game', 'No game has been played here yet');
  if (gameRunning(state)) return refused('game-running', 'A game is already running');
  const playAgain = state.playAgain.includes(seat) ? state.playAgain : [...state.playAgain, seat].sort();
  out.table();
  return playAgainIfAgreed({ ...state, playAgain }, out, command.gameId, command.seed);
}

/** The next game starts once every seat is taken and every human in one asked to play again. */
export function playAgainIfAgreed(state: CoreState, out: Out, gameId: string, seed: string): CoreState {
  if (state.closing || state.game === null || gameRunning(state) || state.playAgain.length === 0)
    return state;
  const agreed = state.seats.every(
    (holder, index) =>
      holder !== null && (state.members.get(holder.memberId)!.bot || state.playAgain.includes(index)),
  );
  return agreed ? begin(state, out, gameId, seed) : state;
}

function begin(state: CoreState, out: Out, gameId: string, seed: string): CoreState {
  const number = state.gamesPlayed + 1;
  // Every new game is paced (Agreement 1): tricks lie a moment, hands end on a result panel.
  // Every game's config has the option (the seam's pacing: 'trick-end' and 'hand-end').
  const config: TableConfig = { ...state.config, paced: true };
  const module = gameOf(config);
  const gameState = module.create(config, seed);
  const holders = new Map<string, SeatIndex>();
  const players = state.seats.map((holder, seat) => {
    const member = holder === null ? undefined : state.members.get(holder.memberId);
    if (holder !== null) holders.set(holder.memberId, seat);
    return { seat, name: member?.name ?? '', bot: member?.bot ?? false };
  });
  out.store({ op: 'create-game', game: { id: gameId, number, config, seed, players } });
  const next: CoreState = {
    ...state,
    gamesPlayed: number,
    playAgain: [],
    game: {
      id: gameId,
      number,
      seed,
      module,
      config,
      state: gameState,
      holders,
      since: out.now,
      phaseSince: 0,
      phaseAt: out.now,
      ...noHints(state.seats.length),
    },
  };
  out.push({
    kind: 'log',
    level: 'info',
    message: 'game started',
    details: { table: state.code, game: gameId, number, variant: formIdOf(config) },
  });
  const commitment = commitmentOf(module, gameState);
  if (commitment !== null) out.send(allSockets(next), { event: 'deal', payload: { gameId, ...commitment } });
  out.table();
  out.views('all');
  return next;
}

export function allSockets(state: CoreState): string[] {
  return [...state.sockets.keys()];
}

/** A player's action, from their own seat. */
export function act(
  state: CoreState,
  out: Out,
  command: { socketId: string; version: number; action: GameAction },
): CoreState | Refused {
  const memberId = state.sockets.get(command.socketId);
  if (memberId === null) {
    return refused('not-seated', 'Watchers cannot play: join with a name and take a seat');
  }
  const member = memberAt(state, command.socketId);
  if (member === undefined) return refused('not-at-table', 'You are not at this table');
  const seat = seatOf(state, member.id);
  if (seat === null || state.seats[seat]!.left)
    return refused('not-seated', 'Only players in a seat can act');
  if (command.action.type === 'gather') {
    return refused('server-action', 'The server gathers the trick once it has lain a moment');
  }
  // The message took an action of any game; this table's game has its own.
  const game = state.game;
  if (game !== null) {
    const schema = protocolGame(game.module.id)?.actionSchema;
    if (schema !== undefined && !schema.safeParse(command.action).success) {
      return refused('malformed-action', `That is not an action of ${game.module.id}`);
    }
  }
  return submit(state, out, seat, command.version, command.action);
}

/**
 * Judges and applies one action from a seat (player, bot or timer), with its log row, and
 * tells everyone. What the table would only wait a zero pause for happens in the same
 * step: with no pause after a trick (trickPauseMs 0) the trick the action completes is
 * gathered, and with no time for the hand's result (handEndSeconds 0, "0 = at once") every
 * seat continues and the next deal starts. Everyone gets one set of views, where a timer of
 * 0 ms would have cost another step, another round trip to the database and another view
 * to every socket (one per seat at a hand's end). What is done at once is not logged (but
 * a gather that ends the game): the replay works it out from the state and the next logged
 * action (the rules' pacedImplied), which saves a row every trick (bench:server: ~1.4 rows
 * per action -> 1.0). A gather or continue after a pause is a step of its own and logged,
 * so a log ends where the table was, and a reload resumes there (resumeAtOnce).
 */
export function submit(
  state: CoreState,
  out: Out,
  seat: SeatIndex,
  version: number,
  action: GameAction,
): CoreState | Refused {
  const played = judge(state, out, seat, version, action, true);
  if (isRefused(played) || played === state) return played;
  return announce(state, atOnce(played, out), out);
}

/** What the table does not pause for: the trick gathered, every seat continued (neither logged). */
function atOnce(state: CoreState, out: Out): CoreState {
  let next = state;
  for (;;) {
    if (gathersAtOnce(next)) {
      const game = next.game!;
      // Not logged (unless it ends the game): the next logged action says it was made
      // (pacedImplied in the rules' replay).
      const gathered = judge(next, out, toActOf(game)[0]!, versionOf(game), { type: 'gather' }, false);
      if (isRefused(gathered)) break;
      next = gathered;
    } else if (continuesAtOnce(next)) {
      // Not logged either: the next logged action says the panel closed (pacedImplied).
      const continued = continueEveryone(next, out, false);
      if (continued === next) break;
      next = continued;
    } else break;
  }
  return next;
}

/**
 * A game reloaded from its log rests where its last logged action left it, but the table
 * had gone on at once to what it does not pause for and does not log (a gather with no
 * trick pause, the continues with no time for the result): that is made again here, so
 * the game resumes at the version everyone was shown. Nobody is told (nobody is here yet),
 * and nothing is stored: a move that ends the game is logged with the action before it.
 */
export function resumeAtOnce(state: CoreState, now: number): CoreState {
  return atOnce(state, new Out(now));
}

function gathersAtOnce(state: CoreState): boolean {
  return zeroPause(state, 'trick-end', trickPauseOf(state.settings));
}

function continuesAtOnce(state: CoreState): boolean {
  return zeroPause(state, 'hand-end', state.settings.handEndSeconds);
}

/** The game rests in `phase`, and the table's pause for it is none. */
function zeroPause(state: CoreState, phase: 'trick-end' | 'hand-end', pause: number): boolean {
  const game = state.game;
  return game !== null && !state.closing && pause === 0 && gameRunning(state) && phaseOf(game) === phase;
}

/**
 * Every seat still at the result panel continues, in seat order: the next deal starts.
 * Stops at the first the rules refuse (none should be), keeping the rows of those before.
 */
function continueEveryone(state: CoreState, out: Out, logged: boolean): CoreState {
  let next = state;
  for (const seat of toActOf(state.game!)) {
    const now = next.game!;
    if (phaseOf(now) !== 'hand-end' || !toActOf(now).includes(seat)) break;
    const continued = judge(next, out, seat, versionOf(now), { type: 'continue' }, logged);
    if (isRefused(continued)) break;
    next = continued;
  }
  return next;
}

/**
 * One action judged by the rules and applied, with its log row unless `logged` is false (a
 * move the replay works out by itself); nobody is told yet.
 */
function judge(
  state: CoreState,
  out: Out,
  seat: SeatIndex,
  version: number,
  action: GameAction,
  logged: boolean,
): CoreState | Refused {
  if (state.closing) return refused('shutting-down', 'The server is shutting down: try again in a moment');
  const game = state.game;
  if (game === null || !gameRunning(state)) return refused('no-game', 'No game is running');
  const { module } = game;
  const current = game.state;
  const currentVersion = module.version(current);
  const currentPhase = module.phase(current);
  if (version !== currentVersion) {
    // Simultaneous prompts (a card pass, Continue after a scored hand: the game says which)
    // answer their own prompt, not the table's version, so players answering at the same
    // moment are all taken, in any order.
    const simultaneous = module.answersOwnPrompt(currentPhase, action.type);
    const ownPrompt = simultaneous && version >= game.phaseSince && version < currentVersion;
    // A Continue from a panel that has closed meanwhile (its timer continued for every
    // seat, or the others pressed last): what it asked for has happened. Nothing to do.
    const panel = game.closedPanel;
    if (
      action.type === 'continue' &&
      panel !== undefined &&
      version >= panel.since &&
      version < panel.until
    ) {
      return state;
    }
    if (!ownPrompt) {
      return refused(
        'stale-version',
        `That answers version ${version}, but the game is at version ${currentVersion}`,
      );
    }
  }
  const result = module.apply(current, seat, action);
  // Every game's refusal codes are in the protocol's RefusalCode (its docs check the list).
  if (!result.ok) return refused(result.rejection.code as RulesRejectionCode, result.rejection.message);
  const nextState = result.state;
  const nextVersion = module.version(nextState);
  // seq = the version the action was taken at: (gameId, seq) is unique in the log.
  // What ends the game is always logged (a game's last gather): a finished log ends at its result.
  if (logged || module.result(nextState) !== null) {
    out.store({ op: 'append-action', gameId: game.id, seq: currentVersion, seat, action });
  }
  const samePhase = module.phase(nextState) === currentPhase;
  const phaseSince = samePhase ? game.phaseSince : nextVersion;
  const phaseAt = samePhase ? game.phaseAt : out.now;
  const closedPanel =
    currentPhase === 'hand-end' && !samePhase
      ? { since: game.phaseSince, until: nextVersion }
      : game.closedPanel;
  return {
    ...state,
    game: {
      ...game,
      state: nextState,
      since: out.now,
      phaseSince,
      phaseAt,
      ...(closedPanel === undefined ? {} : { closedPanel }),
    },
  };
}

/** Tells everyone what the step's actions did: deals, views, seeds, and the game's end. */
function announce(before: CoreState, next: CoreState, out: Out): CoreState {
  const game = next.game!;
  const { commit, reveal } = dealChanges(game.module, before.game!.state, game.state);
  const everyone = allSockets(next);
  // The new deal's commitment goes out before anyone sees a card of it...
  if (commit !== null) out.send(everyone, { event: 'deal', payload: { gameId: game.id, ...commit } });
  out.views('all');
  // ...and a seed only after the views in which its hand is over.
  if (reveal !== null) out.send(everyone, { event: 'seed-reveal', payload: { gameId: game.id, ...reveal } });
  if (isOver(game)) {
    const over = gameOverPayload(game);
    out.store({ op: 'finish-game', gameId: game.id, result: over.result });
    out.push({
      kind: 'log',
      level: 'info',
      message: 'game over',
      details: { table: next.code, game: game.id, result: over.result },
    });
    out.send(everyone, { event: 'game-over', payload: over });
    out.table();
    // Whoever stood up during the game is off their seat now that it is over.
    let after = next;
    next.seats.forEach((holder) => {
      if (holder?.left) after = seatMember(after, out, holder.memberId, null);
    });
    return after;
  }
  return next;
}

/** What the turn timer plays: the first legal action, so it is the same on every replay. */
export function defaultAction(state: CoreState, seat: SeatIndex): GameAction | null {
  const game = state.game;
  return game === null ? null : (game.module.legalActions(game.state, seat)[0] ?? null);
}

function dueToAct(state: CoreState, seat: SeatIndex, version: number): boolean {
  const game = state.game;
  return game !== null && gameRunning(state) && versionOf(game) === version && toActOf(game).includes(seat);
}

/**
 * A stand-in plays for someone who is likely to come back to their score: normal, so a
 * dropped partner does not throw the hand away, yet within a quarter second a decision.
 */
export const STAND_IN_LEVEL: BotLevel = 'normal';

/** A bot's turn came: ask the bot (the shell answers with bot-move). */
export function botTurn(state: CoreState, out: Out, seat: SeatIndex, version: number): CoreState | Refused {
  if (!dueToAct(state, seat, version) || !botPlays(state, seat))
    return refused('stale-version', "Not this bot's turn");
  const holder = state.seats[seat];
  const member = holder == null ? undefined : state.members.get(holder.memberId);
  out.push({
    kind: 'ask-bot',
    seat,
    version,
    level: member?.bot ? (member.botLevel ?? 'easy') : STAND_IN_LEVEL,
  });
  return state;
}

/** The bot's answer; should the rules refuse it, the first legal action instead. */
export function botMove(
  state: CoreState,
  out: Out,
  seat: SeatIndex,
  version: number,
  action: GameAction,
): CoreState | Refused {
  if (!dueToAct(state, seat, version) || !botPlays(state, seat))
    return refused('stale-version', "Not this bot's turn");
  const played = submit(state, out, seat, version, action);
  if (!isRefused(played)) return played;
  const fallback = defaultAction(state, seat);
  return fallback === null ? played : submit(state, out, seat, version, fallback);
}

/** The turn timer ran out: the default action is taken for the seat. */
export function turnTimeout(
  state: CoreState,
  out: Out,
  seat: SeatIndex,
  version: number,
): CoreState | Refused {
  if (!dueToAct(state, seat, version) || botPlays(state, seat))
    return refused('stale-version', 'That turn is over');
  const action = defaultAction(state, seat);
  if (action === null) return refused('stale-version', 'Nothing to do');
  out.push({
    kind: 'log',
    level: 'info',
    message: 'turn timer expired: default action',
    details: { table: state.code, seat, version, action },
  });
  return submit(state, out, seat, version, action);
}

/** Anyone seated and connected (for the play-again tally and the idle check). */
export function seatedHumansConnected(state: CoreState): number {
  let count = 0;
  for (const holder of state.seats) {
    const member = holder === null ? undefined : state.members.get(holder.memberId);
    if (member !== undefined && !member.bot && isConnected(state, member)) count++;
  }
  return count;
}

/** Paced hands: the finished trick has lain its moment; its winner takes it. */
export function gather(state: CoreState, out: Out, version: number): CoreState | Refused {
  const game = state.game;
  if (game === null || phaseOf(game) !== 'trick-end' || versionOf(game) !== version) {
    return refused('stale-version', 'That trick is gathered already');
  }
  return submit(state, out, toActOf(game)[0]!, version, { type: 'gather' });
}

/** Paced hands: a bot (or a stand-in) continues at once after a scored hand. */
export function continueFor(
  state: CoreState,
  out: Out,
  seat: SeatIndex,
  version: number,
): CoreState | Refused {
  const game = state.game;
  if (
    game === null ||
    phaseOf(game) !== 'hand-end' ||
    !dueToAct(state, seat, version) ||
    !botPlays(state, seat)
  ) {
    return refused('stale-version', 'Nothing to continue');
  }
  return submit(state, out, seat, version, { type: 'continue' });
}

/** Paced hands: the result panel's time ran out: everyone still looking at it continues, in one step. */
export function handEndTimeout(state: CoreState, out: Out, phaseSince: number): CoreState | Refused {
  const game = state.game;
  if (game === null || phaseOf(game) !== 'hand-end' || game.phaseSince !== phaseSince) {
    return refused('stale-version', 'That hand has moved on');
  }
  const next = continueEveryone(state, out, true);
  if (next === state) return refused('stale-version', 'Nothing to continue');
  return announce(state, next, out);
}
